import { z } from 'zod';
import { addressFields, addressRecordFields } from './address.schema';
import { businessPhone } from './phone';
import { charLength, personName, text, timestamps } from './schema-kit';

const EMAIL = z.email();

/** A place's phone: a mobile, a landline or a 1800/1900 hotline (see phone.ts); "" or null: none. */
export const contactPhone = businessPhone;

/** An optional contact email ("" or null: none); warehouses and suppliers share its message. */
export const contactEmail = () =>
  text()
    .trim()
    .superRefine(charLength({ max: 254, tooLong: 'contact.email_invalid' }))
    .refine((value) => value === '' || EMAIL.safeParse(value).success, {
      error: 'contact.email_invalid',
    })
    .meta({ maxLength: 254 })
    .transform((value) => (value === '' ? null : value.toLowerCase()))
    .nullish();

/** Who and where: the fields warehouses and suppliers share (name, phone, email and a 2025 address). */
export const contactFields = {
  name: personName(),
  phone: contactPhone(),
  email: contactEmail(),
  ...addressFields,
};

export const contactRecordFields = {
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  ...addressRecordFields,
  ...timestamps,
};

export const contactRecordSchema = z.object(contactRecordFields);
export type Contact = z.infer<typeof contactRecordSchema>;
