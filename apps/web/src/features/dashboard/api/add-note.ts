import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INBOX_PATHS, NoteAnswerSchema, type MessageKind, type Note } from '@agency/shared';
import { request } from '@/lib/api-client';
import { applyNote } from '../inbox-cache';

/** POST: an internal note on an enquiry; answers the stored note with its author and time. */
export function addNote(kind: MessageKind, id: number, body: string): Promise<Note> {
  return request(INBOX_PATHS.notes(kind, id), { method: 'POST', body: { body }, schema: NoteAnswerSchema }).then(
    (answer) => answer.note,
  );
}

/** One request: the note and its history line go into the open enquiry (applyNote). */
export function useAddNote(kind: MessageKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addNote(kind, id, body),
    onSuccess: (note) => applyNote(client, kind, id, note),
  });
}
