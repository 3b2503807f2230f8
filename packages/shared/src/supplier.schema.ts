import { z } from 'zod';
import { contactFields, contactRecordSchema } from './contact.schema';

/** A supplier: who import slips buy from. */
export const supplierCreateSchema = z.strictObject(contactFields);
export const supplierUpdateSchema = z.strictObject(contactFields).partial();
export const supplierRecordSchema = contactRecordSchema;

export type Supplier = z.infer<typeof supplierRecordSchema>;
export type SupplierCreate = z.infer<typeof supplierCreateSchema>;
export type SupplierUpdate = z.infer<typeof supplierUpdateSchema>;
