import { z } from "zod";

// Slovenian default messages for any schema that does not set its own (both client and server import this).
z.config(z.locales.sl());

export { z };
