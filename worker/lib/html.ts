// Text a user wrote, made safe inside HTML text and attribute values (emails, share pages).
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ENTITIES[ch] as string)
