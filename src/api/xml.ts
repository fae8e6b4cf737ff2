// XML text for the sitemaps and the partner feed.

// Characters XML 1.0 does not allow at all are dropped (one in a trim name would void a whole feed).
const xmlInvalid = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text safe inside an XML element or attribute: forbidden characters dropped, markup escaped. */
export const xmlEscape = (s: string) => s.replace(xmlInvalid, "").replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
