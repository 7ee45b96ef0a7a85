/** The ellipsis a cut preview ends with (one character, so it counts as one). */
export const PREVIEW_ELLIPSIS = '…';

/** A space or separator left at the end of a cut, which the ellipsis replaces. */
const withoutTrailingSeparators = (text: string) => text.replace(/[\s·,;:.\-–—]+$/u, '');

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A text shortened to at most `max` characters (as a reader counts them, so an emoji or a letter with its Yoruba
 * marks is never split) that ends
 * on a whole word followed by an ellipsis; a text that fits is returned as it is. A first word longer than the
 * whole preview is the one case cut inside a word, since there is no word end to stop at.
 */
export function previewText(text: string, max: number): string {
  const characters = Array.from(graphemes.segment(text.trim()), (part) => part.segment);
  if (characters.length <= max) return characters.join('');
  const room = characters.slice(0, Math.max(0, max - 1));
  const nextIsBreak = /\s/u.test(characters[room.length] ?? ' ');
  let end = room.length;
  if (!nextIsBreak) {
    let lastBreak = room.length - 1;
    while (lastBreak > 0 && !/\s/u.test(room[lastBreak] ?? '')) lastBreak--;
    if (lastBreak > 0) end = lastBreak;
  }
  const kept = withoutTrailingSeparators(room.slice(0, end).join(''));
  return `${kept}${PREVIEW_ELLIPSIS}`;
}

/**
 * A preview stored before previews ended on a word (cut at exactly `max` code points, mid-word as often as not),
 * shown as a new one would be: the part word cut off and an ellipsis put on. One that is shorter was never cut.
 */
export function storedPreviewText(preview: string, max: number): string {
  if (preview.endsWith(PREVIEW_ELLIPSIS) || Array.from(preview).length < max) return preview;
  const lastBreak = preview.search(/\s\S*$/u);
  if (lastBreak <= 0) return previewText(preview, max);
  return `${withoutTrailingSeparators(preview.slice(0, lastBreak))}${PREVIEW_ELLIPSIS}`;
}
