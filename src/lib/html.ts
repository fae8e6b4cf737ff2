const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML content and quoted attribute values (e-mails built as strings). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
