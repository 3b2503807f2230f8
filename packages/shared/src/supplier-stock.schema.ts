import { z } from 'zod';

/**
 * One row of `GET /suppliers/{id}/products`: a product the supplier delivered, counted over
 * its complete import slips (a canceled import delivered nothing).
 */
export const supplierProductRecordSchema = z.object({
  post_id: z.number(),
  code: z.string().nullable(),
  title: z.string(),
  /** Units imported from this supplier. */
  number: z.number(),
  /** The price on the latest import (by slip date, then slip); left out without `edit-warehouses`. */
  price: z.number().optional(),
  /** The date of the latest import, `YYYY-MM-DD`. */
  date: z.string(),
  /** How many import slips carried it. */
  slips: z.number(),
});
export type SupplierProduct = z.infer<typeof supplierProductRecordSchema>;
