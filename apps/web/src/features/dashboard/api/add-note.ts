import { INBOX_PATHS, NoteAnswerSchema, type MessageKind, type Note } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST: an internal note on an enquiry; answers the stored note with its author and time. */
export function addNote(kind: MessageKind, id: number, body: string): Promise<Note> {
  return request(INBOX_PATHS.notes(kind, id), { method: 'POST', body: { body }, schema: NoteAnswerSchema }).then(
    (answer) => answer.note,
  );
}
