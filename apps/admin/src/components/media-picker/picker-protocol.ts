/**
 * The media picker popup and its opener talk by `postMessage`. Format (version 1):
 *
 *   picker -> opener, when files are chosen:
 *     { source: 'backoffice-media-picker', version: 1, type: 'select', request_id,
 *       urls: string[],                     // absolute URLs, in the order chosen
 *       items: [{ id, url, thumbnail_url, name, type, width, height }] }
 *   picker -> opener, when closed without choosing:
 *     { source: 'backoffice-media-picker', version: 1, type: 'cancel', request_id }
 *
 * Origins are checked on both sides: the picker posts only with `targetOrigin` = its own
 * origin (the admin's), and only when its opener is of that origin; the opener accepts a
 * message only when `event.origin` is the admin's origin, `event.source` is the popup it
 * opened, and `request_id` is the one it sent in the popup's URL.
 *
 * Popup URL: `/media/picker?request_id=…&multiple=1&type=image&area=posts`
 * (`type`: `image`, `video`, `document` or MIME types, comma-separated; `area`: a key).
 */
export const PICKER_SOURCE = 'backoffice-media-picker';
export const PICKER_PATH = '/media/picker';

export type PickedMedia = {
  id: number;
  url: string;
  thumbnail_url: string | null;
  name: string;
  type: string;
  width: number | null;
  height: number | null;
};

export type PickerMessage =
  | {
      source: typeof PICKER_SOURCE;
      version: 1;
      type: 'select';
      request_id: string;
      urls: string[];
      items: PickedMedia[];
    }
  | { source: typeof PICKER_SOURCE; version: 1; type: 'cancel'; request_id: string };

export type PickerRequest = { multiple?: boolean; type?: string; area?: string };

export const isPickerMessage = (data: unknown): data is PickerMessage => {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.source === PICKER_SOURCE &&
    message.version === 1 &&
    typeof message.request_id === 'string' &&
    (message.type === 'cancel' ||
      (message.type === 'select' && Array.isArray(message.urls) && Array.isArray(message.items)))
  );
};

/** At most 1000x800, 40px from the screen's edges, centred. */
export const popupGeometry = (screen: {
  availWidth: number;
  availHeight: number;
  availLeft?: number;
  availTop?: number;
}) => {
  const width = Math.max(320, Math.min(1000, screen.availWidth - 80));
  const height = Math.max(320, Math.min(800, screen.availHeight - 80));
  const left = Math.round((screen.availLeft ?? 0) + (screen.availWidth - width) / 2);
  const top = Math.round((screen.availTop ?? 0) + (screen.availHeight - height) / 2);
  return { width, height, left, top };
};

export const pickerUrl = (requestId: string, request: PickerRequest) => {
  const params = new URLSearchParams({ request_id: requestId });
  if (request.multiple) params.set('multiple', '1');
  if (request.type) params.set('type', request.type);
  if (request.area) params.set('area', request.area);
  return `${PICKER_PATH}?${params.toString()}`;
};
