import { z } from "zod";

// Slovenian default messages for any schema that does not set its own (both client and server import this).
// jitless: zod would otherwise probe `new Function` (a CSP violation in the browser, refused in
// Workers anyway). Every schema module imports zod from here, so this runs before any schema exists.
z.config({ ...z.locales.sl(), jitless: true });

export { z };
