import { z } from 'zod';
import { contactFields, contactRecordSchema } from './contact.schema';

/** A warehouse: where stock is kept. Its products and their movements come with the slips. */
export const warehouseCreateSchema = z.strictObject(contactFields);
export const warehouseUpdateSchema = z.strictObject(contactFields).partial();
export const warehouseRecordSchema = contactRecordSchema;

export type Warehouse = z.infer<typeof warehouseRecordSchema>;
export type WarehouseCreate = z.infer<typeof warehouseCreateSchema>;
export type WarehouseUpdate = z.infer<typeof warehouseUpdateSchema>;
