import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MESSAGES,
  CONTENT_IMAGE_TYPES,
  contentImageWidthsOf,
  mediaPath,
  type ImageRef,
} from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { isAccessError } from '@/lib/staff-query';
import { useSetFocus, useUploadImage } from '../api/content-images';
import { fieldId, type FieldSpec } from '../content-forms';
import { ContentField, type FieldContext } from './content-fields';

const MAX_MB = Math.round(CONTENT_IMAGE_MAX_BYTES / (1024 * 1024));
const STEP = 50;

/** The image as an editor sees it: an upload's smallest WebP, or the site's own drawing. */
const thumbnailOf = (image: ImageRef) =>
  image.imageId
    ? mediaPath(image.imageId, contentImageWidthsOf(image.width)[0] ?? image.width, 'webp')
    : (image.src ?? '');

/**
 * An image of the draft: upload (JPEG, PNG or WebP), its alt text (required to publish) and, for an upload, the
 * focal point crops keep in view: a click on the picture, the arrow keys on it, or the two numbers.
 */
export function ImageField({
  spec,
  value,
  set,
  context,
  announce,
}: {
  spec: Extract<FieldSpec, { kind: 'image' }>;
  value: unknown;
  set: (key: string, value: unknown) => void;
  context: FieldContext;
  announce: (message: string) => void;
}) {
  const image = typeof value === 'object' && value !== null ? (value as ImageRef) : null;
  const upload = useUploadImage();
  const focus = useSetFocus();
  const [fileError, setFileError] = useState('');
  // The focal point travels with the draft's ImageRef; Save focal point also stores it on the image.
  const focal = { x: image?.focalX ?? 500, y: image?.focalY ?? 500 };
  const path = spec.key;
  const groupId = fieldId(`${path}-group`);
  const serverError = context.errors[path];
  const uploadError =
    fileError || (serverError && !image ? 'Upload an image before saving.' : (serverError ?? undefined));

  function choose(file: File | undefined) {
    setFileError('');
    if (!file) return;
    if (!CONTENT_IMAGE_TYPES.some((type) => type === file.type)) {
      setFileError(CONTENT_IMAGE_MESSAGES.WRONG_TYPE);
      return;
    }
    if (file.size > CONTENT_IMAGE_MAX_BYTES) {
      setFileError(CONTENT_IMAGE_MESSAGES.TOO_LARGE);
      return;
    }
    announce(`Uploading ${file.name}...`);
    upload.mutate(file, {
      onSuccess: (stored) => {
        set(path, {
          imageId: stored.id,
          width: stored.width,
          height: stored.height,
          alt: image?.alt ?? '',
          focalX: stored.focalX,
          focalY: stored.focalY,
        });
        announce(`Uploaded ${file.name}. Save the draft to keep it.`);
      },
      onError: (error) => {
        if (isAccessError(error)) return;
        const message =
          (error instanceof ApiError && (error.fieldErrors.image ?? error.serverMessage)) ||
          'The image could not be uploaded. Please try again.';
        setFileError(message);
        announce(message);
      },
    });
  }

  function moveFocus(x: number, y: number) {
    if (!image) return;
    const clamp = (value: number) => (Number.isFinite(value) ? Math.min(1000, Math.max(0, Math.round(value))) : 500);
    set(path, { ...image, focalX: clamp(x), focalY: clamp(y) });
  }

  function clickFocus(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    moveFocus(((event.clientX - box.left) / box.width) * 1000, ((event.clientY - box.top) / box.height) * 1000);
  }

  function keyFocus(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(focal.x + move[0], focal.y + move[1]);
  }

  function saveFocus() {
    if (!image?.imageId) return;
    focus.mutate(
      { id: image.imageId, ...focal },
      {
        onSuccess: () => announce(`Focal point saved: ${focal.x / 10}% from the left, ${focal.y / 10}% from the top.`),
        onError: (error) => {
          if (!isAccessError(error)) announce('The focal point could not be saved. Please try again.');
        },
      },
    );
  }

  return (
    <fieldset className="content-group content-image" id={groupId} aria-labelledby={`${groupId}-legend`}>
      <legend className="content-group__legend" id={`${groupId}-legend`}>
        {spec.label}
      </legend>
      {image ? (
        image.imageId ? (
          <button
            type="button"
            className="content-image__focus"
            onClick={clickFocus}
            onKeyDown={keyFocus}
            aria-describedby={`${groupId}-focus-hint`}
          >
            <img src={thumbnailOf(image)} alt="" width={image.width} height={image.height} />
            <span
              className="content-image__marker"
              style={{ left: `${focal.x / 10}%`, top: `${focal.y / 10}%` }}
              aria-hidden="true"
            />
            <span className="visually-hidden">
              Focal point: {focal.x / 10}% from the left, {focal.y / 10}% from the top
            </span>
          </button>
        ) : (
          <img
            className="content-image__preview"
            src={thumbnailOf(image)}
            alt=""
            width={image.width}
            height={image.height}
          />
        )
      ) : (
        <p className="owner-empty">No image yet.</p>
      )}

      <ContentField
        path={path}
        label={image ? 'Replace the image' : 'Upload an image'}
        hint={`JPEG, PNG or WebP, up to ${MAX_MB} MB.`}
        error={uploadError}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={CONTENT_IMAGE_TYPES.join(',')}
            disabled={upload.isPending}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        )}
      </ContentField>

      {image ? (
        <ContentField
          path={`${path}.alt`}
          label="Alt text"
          hint="What the image shows, for people who cannot see it. Required to publish."
          error={context.errors[`${path}.alt`]}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={300}
              value={image.alt}
              onChange={(event) => set(path, { ...image, alt: event.target.value })}
            />
          )}
        </ContentField>
      ) : null}

      {image?.imageId ? (
        <div className="content-image__focal">
          <p className="field__hint" id={`${groupId}-focus-hint`}>
            Focal point: what crops keep in view. Click the picture, or focus it and use the arrow keys, or type the
            percentages.
          </p>
          <div className="content-image__numbers">
            <ContentField path={`${path}-focal-x`} label="From the left (%)">
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  max={100}
                  inputMode="numeric"
                  value={focal.x / 10}
                  onChange={(event) => moveFocus(Number(event.target.value) * 10, focal.y)}
                />
              )}
            </ContentField>
            <ContentField path={`${path}-focal-y`} label="From the top (%)">
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  max={100}
                  inputMode="numeric"
                  value={focal.y / 10}
                  onChange={(event) => moveFocus(focal.x, Number(event.target.value) * 10)}
                />
              )}
            </ContentField>
          </div>
          <p>
            <button type="button" className="btn btn--secondary" disabled={focus.isPending} onClick={saveFocus}>
              Save focal point
            </button>
          </p>
        </div>
      ) : null}

      {image && spec.removable ? (
        <p>
          <button type="button" className="btn btn--secondary" onClick={() => set(path, null)}>
            Remove the image
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}
