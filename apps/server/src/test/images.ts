import sharp from 'sharp';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 27, g: 31, b: 168 } } });

export const PNG_IMAGE = () => picture(320, 200).png().toBuffer();
export const JPEG_IMAGE = () => picture(300, 400).jpeg().toBuffer();
export const WEBP_IMAGE = () => picture(64, 64).webp().toBuffer();
export const GIF_IMAGE = () => picture(40, 40).gif().toBuffer();
export const SVG_IMAGE = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
/** Random bytes with a PNG extension and type: the name and the declared type lie. */
export const FAKE_PNG = () => Buffer.from('this is not a picture at all, just text pretending', 'utf8');
