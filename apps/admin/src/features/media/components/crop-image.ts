export type PixelArea = { x: number; y: number; width: number; height: number };
export type Flip = { horizontal: boolean; vertical: boolean };

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image failed to load'));
    image.src = src;
  });

const rotatedSize = (width: number, height: number, degrees: number) => {
  const radians = (degrees * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height),
    height: Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height),
  };
};

/**
 * Draws the image rotated and flipped the way the cropper shows it, then cuts the crop
 * area out of it. Throws when the browser cannot draw or encode it (the failure message).
 */
export const cropImage = async (
  src: string,
  area: PixelArea,
  rotation: number,
  flip: Flip,
  type: string,
): Promise<Blob> => {
  const image = await loadImage(src);
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(box.width);
  canvas.height = Math.round(box.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.scale(flip.horizontal ? -1 : 1, flip.vertical ? -1 : 1);
  context.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
  context.drawImage(image, 0, 0);

  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(area.width));
  out.height = Math.max(1, Math.round(area.height));
  const outContext = out.getContext('2d');
  if (!outContext) throw new Error('no 2d canvas');
  outContext.drawImage(
    canvas,
    Math.round(area.x),
    Math.round(area.y),
    out.width,
    out.height,
    0,
    0,
    out.width,
    out.height,
  );
  return new Promise<Blob>((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), type, 0.92),
  );
};
