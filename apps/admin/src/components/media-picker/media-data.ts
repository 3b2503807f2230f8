import type { Media } from '@backoffice/shared/media.schema';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { mediaApi } from '../../lib/api/media';
import { API_BASE, ApiError, type ApiErrorBody, refreshTokens } from '../../lib/api-client';
import { authorizationHeader, readStored, STORAGE_KEYS } from '../../lib/storage';

export type { Media };

/** What a media list shows: a search term, a kind or MIME filter, an area. */
export type MediaFilter = { search?: string; type?: string; area?: string };

export const MEDIA_PAGE_SIZE = 40;

/** The media client's cache keys: the grid's pages, and everything under `/media`. */
export const mediaKeys = {
  all: mediaApi.keys.all,
  infinite: (filter: MediaFilter) => mediaApi.keys.infinite(filter),
};

const listPage = (filter: MediaFilter, page: number, signal?: AbortSignal) =>
  mediaApi.list(
    {
      page,
      limit: MEDIA_PAGE_SIZE,
      search: filter.search,
      type: filter.type,
      area: filter.area,
    },
    signal,
  );

/** Newest first, one page of 40 at a time, for the grid's infinite scroll. */
export const mediaInfiniteQueryOptions = (filter: MediaFilter) =>
  infiniteQueryOptions({
    queryKey: mediaKeys.infinite(filter),
    queryFn: ({ pageParam, signal }) => listPage(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const p = last.meta?.pagination;
      return p && p.current_page < p.total_pages ? p.current_page + 1 : undefined;
    },
  });

/** An absolute URL for a media URL the API may give as a path (local storage). */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();

export type UploadOptions = {
  area?: string;
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

const sendUpload = (file: Blob, fileName: string, options: UploadOptions) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${API_BASE}/media${options.area ? `?area=${encodeURIComponent(options.area)}` : ''}`;
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Locale', readStored(STORAGE_KEYS.language) ?? 'vi');
    const authorization = authorizationHeader();
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onProgress?.(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = { message: xhr.responseText };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });

/**
 * POST /media with one file through XMLHttpRequest, which reports upload progress (fetch
 * does not). Refreshes an expired token once, like the api client.
 */
export const uploadMedia = async (
  file: Blob,
  fileName: string,
  options: UploadOptions = {},
): Promise<Media> => {
  let result = await sendUpload(file, fileName, options);
  if (
    result.status === 401 &&
    (result.body as ApiErrorBody | null)?.code === 'token_expired' &&
    (await refreshTokens())
  )
    result = await sendUpload(file, fileName, options);
  if (result.status < 200 || result.status >= 300)
    throw new ApiError(result.status, result.body as ApiErrorBody | null);
  options.onProgress?.(100);
  const data = (result.body as { data: Media | Media[] }).data;
  return Array.isArray(data) ? data[0]! : data;
};

export const formatBytes = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
};
