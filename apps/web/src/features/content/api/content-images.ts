import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { CONTENT_PATHS } from '@agency/shared';
import { request } from '@/lib/api-client';

/** What an upload answers: the stored image, its focal point (thousandths from the top left) and its variants. */
const UploadedImageSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  focalX: z.number(),
  focalY: z.number(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

const UploadAnswerSchema = z.object({ image: UploadedImageSchema });

/** POST multipart `image` (JPEG, PNG or WebP): stored with its AVIF and WebP variants. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return request(CONTENT_PATHS.IMAGES, { method: 'POST', body, schema: UploadAnswerSchema }).then(
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
      request(CONTENT_PATHS.imageFocus(id), { method: 'PUT', body: { x, y } }),
    meta: { ownersOnly: true },
  });
}
