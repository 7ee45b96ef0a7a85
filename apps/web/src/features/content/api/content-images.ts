import { useMutation } from '@tanstack/react-query';
import { CONTENT_PATHS, ContentImageAnswerSchema } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST multipart `image` (JPEG, PNG or WebP): stored with its AVIF and WebP variants. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return request(CONTENT_PATHS.IMAGES, { method: 'POST', body, schema: ContentImageAnswerSchema }).then(
        (answer) => answer.image,
      );
    },
    meta: { ownersOnly: true },
  });
}

/** PUT {x, y}: where crops centre, in thousandths from the top left. */
export function useSetFocus() {
  return useMutation({
    mutationFn: ({ id, x, y }: { id: string; x: number; y: number }) =>
      request(CONTENT_PATHS.imageFocus(id), { method: 'PUT', body: { x, y }, schema: ContentImageAnswerSchema }),
    meta: { ownersOnly: true },
  });
}
