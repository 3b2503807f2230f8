import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import { issuesToFieldErrors, RequestValidationError } from './validation';

export type UploadedFile = { field: string; filename: string; mimetype: string; buffer: Buffer };

/**
 * Reads a body that may come as JSON or as multipart form data (the admin's
 * `POST …?_method=PATCH` updates) and validates its fields with the shared
 * schema. Files of the named fields are read into memory up to `maxFileBytes`.
 */
export const readForm = async <S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: { files?: readonly string[]; maxFileBytes?: number } = {},
): Promise<{ fields: z.infer<S>; files: UploadedFile[] }> => {
  let raw: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes ?? 10 * 1024 * 1024, files: 5, fields: 100 } })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        const buffer = await file.toBuffer();
        if (options.files?.includes(file.fieldname) && buffer.length > 0)
          files.push({ field: file.fieldname, filename: file.filename, mimetype: file.mimetype, buffer });
      } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
    }
  } else if (request.body !== undefined) {
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))
      throw new AppError('validation_failed', 'error.validation_failed', {}, { _: [{ key: 'validation.invalid' }] });
    raw = request.body as Record<string, unknown>;
  }
  const result = schema.safeParse(raw, { reportInput: true });
  if (!result.success) throw new RequestValidationError(issuesToFieldErrors(result.error.issues, 'body'), 'body');
  return { fields: result.data, files };
};
