import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import { issuesToFieldErrors, RequestValidationError } from './validation';

export type UploadedFile = { field: string; filename: string; mimetype: string; buffer: Buffer };

/** A JSON body that is an object of fields (the schema then checks each field). */
const isFields = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/**
 * Reads a body that may come as JSON or as multipart form data (the admin's
 * `POST …?_method=PATCH` updates) and validates its fields with the shared
 * schema, which is strict: a text field it does not know is a 422 naming it, and
 * so is a file in a field other than `files`. Files of the named fields are
 * read into memory up to `maxFileBytes`. A route that reads a form declares
 * `consumes: FORM_BODY` in its schema (core/body-guard.ts refuses multipart elsewhere).
 */
export const readForm = async <S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: { files?: readonly string[]; maxFileBytes?: number } = {},
): Promise<{ fields: z.output<S>; files: UploadedFile[] }> => {
  // No prototype: a field named `__proto__` is a field like any other (and refused by name).
  let raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: UploadedFile[] = [];
  const unknownFiles = new Set<string>();
  if (request.isMultipart()) {
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes ?? 10 * 1024 * 1024, files: 5, fields: 100 },
    })) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (!options.files?.includes(file.fieldname)) {
          unknownFiles.add(file.fieldname);
          file.file.resume();
          continue;
        }
        const buffer = await file.toBuffer();
        if (buffer.length > 0)
          files.push({
            field: file.fieldname,
            filename: file.filename,
            mimetype: file.mimetype,
            buffer,
          });
      } else {
        // A value cut at the field size limit would be stored cut without a word.
        if (part.valueTruncated) throw new AppError('payload_too_large', 'error.payload_too_large');
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
      }
    }
  } else if (request.body !== undefined) {
    if (!isFields(request.body))
      throw new AppError(
        'validation_failed',
        'error.validation_failed',
        {},
        { _: [{ key: 'validation.invalid' }] },
      );
    raw = request.body;
  }
  const result = schema.safeParse(raw, { reportInput: true });
  const errors = issuesToFieldErrors(result.success ? [] : result.error.issues, 'body');
  for (const field of unknownFiles) errors[field] = [{ key: 'validation.unknown_field' }];
  if (!result.success || unknownFiles.size > 0) throw new RequestValidationError(errors, 'body');
  return { fields: result.data, files };
};

/** `schema.consumes` of a route that reads its body with readForm. */
export const FORM_BODY = ['application/json', 'multipart/form-data'];
