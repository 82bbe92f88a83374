/** Texts of the event feed (issue #32); merged into lib/messages.ts. */
const en = {
  'validation.eventCursor':
    'The cursor must be the id of an event (digits only), as the feed gave it in "next".',
  'validation.eventType':
    'Unknown event type. Use the types listed in the event documentation, separated by commas.',
};

const tr: Record<keyof typeof en, string> = {
  'validation.eventCursor':
    'İmleç bir olayın kimliği olmalı (yalnızca rakam), akışın "next" alanında verdiği gibi.',
  'validation.eventType':
    'Bilinmeyen olay türü. Olay belgelerinde listelenen türleri virgülle ayırarak kullanın.',
};

export const eventMessages = { en, tr };
