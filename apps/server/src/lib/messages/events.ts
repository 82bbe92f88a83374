/** Texts of the event feed (issue #32); merged into lib/messages.ts. */
const en = {
  'validation.eventCursor': 'The cursor must be a value the feed gave in "next" (or the id of an event).',
  'validation.eventType':
    'Unknown event type. Use the types listed in the event documentation, separated by commas.',
};

const tr: Record<keyof typeof en, string> = {
  'validation.eventCursor':
    'İmleç, akışın "next" alanında verdiği bir değer (ya da bir olayın kimliği) olmalı.',
  'validation.eventType':
    'Bilinmeyen olay türü. Olay belgelerinde listelenen türleri virgülle ayırarak kullanın.',
};

export const eventMessages = { en, tr };
