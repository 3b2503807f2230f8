import { z } from 'zod';
import { appearanceKey, jsonLimits, jsonObject, optionalLink } from './appearance-kit';
import { id, optionalText, requiredText, timestamps } from './schema-kit';

/**
 * A menu: a key the website asks for, a title, and its items as a tree. An item is a custom
 * link (`custom`: its own url) or points at a record (`ref_id`) of its `type`: a post type, a
 * category, a group, a trademark, a post or a product.
 */
export const MENU_ITEM_TYPES = [
  'custom',
  'type',
  'category',
  'group',
  'trademark',
  'post',
  'product',
] as const;
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number];

/** Same tab or a new tab. */
export const MENU_TARGETS = ['_self', '_blank'] as const;
export type MenuTarget = (typeof MENU_TARGETS)[number];

/** Who sees the link on the website. */
export const MENU_VIEWERS = ['all', 'logged_in', 'guest'] as const;
export type MenuViewer = (typeof MENU_VIEWERS)[number];

/** Bounds that keep one menu something the website can draw (and the server can check) at once. */
export const MENU_DEPTH_MAX = 8;
export const MENU_ITEMS_MAX = 500;

/** CSS class names separated by single spaces, as the website writes them into `class=""`. */
const CLASS_NAMES = /^-?[A-Za-z_][A-Za-z0-9_-]*( -?[A-Za-z_][A-Za-z0-9_-]*)*$/;

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => 'validation.invalid_value' });

type MenuItemInput = {
  type?: MenuItemType;
  ref_id?: number | null;
  url?: string | null;
  title: string;
  target?: MenuTarget;
  description?: string | null;
  class_name?: string | null;
  viewer?: MenuViewer;
  data?: Record<string, unknown> | null;
  children?: MenuItemInput[];
};

/** The custom data the website may read from an item: a JSON object (never a list or a text). */
export const menuItemDataSchema = jsonObject('menu.data_object')
  .superRefine(jsonLimits({ maxChars: 10_000, depth: 8 }))
  .nullish();

const itemFields = {
  type: enumOf(MENU_ITEM_TYPES).optional(),
  ref_id: id().nullish(),
  url: optionalLink(),
  title: requiredText({ max: 255, required: 'menu.item_title_required' }),
  target: enumOf(MENU_TARGETS).optional(),
  description: optionalText(1000),
  class_name: optionalText(255).refine((value) => !value || CLASS_NAMES.test(value), {
    error: 'menu.class_name_format',
  }),
  viewer: enumOf(MENU_VIEWERS).optional(),
  data: menuItemDataSchema,
};

/** A custom link needs its url and names no record; any other type names its record. */
const itemRules = (
  item: { type?: MenuItemType; ref_id?: number | null; url?: string | null },
  ctx: z.RefinementCtx,
) => {
  if ((item.type ?? 'custom') === 'custom') {
    if (!item.url)
      ctx.addIssue({ code: 'custom', message: 'menu.item_url_required', path: ['url'] });
    if (item.ref_id != null)
      ctx.addIssue({ code: 'custom', message: 'menu.ref_not_allowed', path: ['ref_id'] });
  } else if (item.ref_id == null)
    ctx.addIssue({ code: 'custom', message: 'menu.ref_required', path: ['ref_id'] });
};

export const menuItemSchema: z.ZodType<MenuItemInput> = z
  .strictObject({
    ...itemFields,
    get children() {
      return z
        .array(menuItemSchema, { error: 'validation.invalid_type' })
        .max(MENU_ITEMS_MAX)
        .optional();
    },
  })
  .superRefine(itemRules)
  // Named, so the API description can refer to it from its own children.
  .meta({ id: 'MenuItemWrite' }) as z.ZodType<MenuItemInput>;

/** One item's own fields, without its sub-items: the admin's item editor. */
export const menuItemFormSchema = z.strictObject(itemFields).superRefine(itemRules);

/** The whole tree at most MENU_DEPTH_MAX levels deep and MENU_ITEMS_MAX items in all. */
const treeLimits = (items: readonly MenuItemInput[], ctx: z.RefinementCtx) => {
  let count = 0;
  const walk = (level: readonly MenuItemInput[], depth: number, path: Array<string | number>) => {
    level.forEach((item, index) => {
      count += 1;
      const children = item.children ?? [];
      if (children.length === 0) return;
      if (depth >= MENU_DEPTH_MAX)
        ctx.addIssue({
          code: 'custom',
          message: 'menu.too_deep',
          path: [...path, index, 'children'],
          params: { maximum: MENU_DEPTH_MAX },
        });
      else walk(children, depth + 1, [...path, index, 'children']);
    });
  };
  walk(items, 1, []);
  if (count > MENU_ITEMS_MAX)
    ctx.addIssue({
      code: 'custom',
      message: 'menu.too_many_items',
      params: { maximum: MENU_ITEMS_MAX },
    });
};

const items = z
  .array(menuItemSchema, { error: 'validation.invalid_type' })
  .max(MENU_ITEMS_MAX, { error: 'menu.too_many_items' })
  .superRefine(treeLimits);

const menuFields = {
  key: appearanceKey(),
  title: requiredText({ max: 255, required: 'menu.title_required' }),
  items: items.optional(),
};

export const menuCreateSchema = z.strictObject(menuFields);
export const menuUpdateSchema = z.strictObject(menuFields).partial();

/** An item as stored and answered: every field present, the empty ones null. */
export type MenuItem = {
  type: MenuItemType;
  ref_id: number | null;
  url: string | null;
  title: string;
  target: MenuTarget;
  description: string | null;
  class_name: string | null;
  viewer: MenuViewer;
  data: Record<string, unknown> | null;
  children: MenuItem[];
};

export const menuItemRecordSchema: z.ZodType<MenuItem> = z
  .object({
    type: z.enum(MENU_ITEM_TYPES),
    ref_id: z.number().nullable(),
    url: z.string().nullable(),
    title: z.string(),
    target: z.enum(MENU_TARGETS),
    description: z.string().nullable(),
    class_name: z.string().nullable(),
    viewer: z.enum(MENU_VIEWERS),
    data: z.record(z.string(), z.unknown()).nullable(),
    get children() {
      return z.array(menuItemRecordSchema);
    },
  })
  .meta({ id: 'MenuItem' }) as z.ZodType<MenuItem>;

export const menuRecordSchema = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  /** Always with one menu; in a list with `include=items`. */
  items: z.array(menuItemRecordSchema).optional(),
  ...timestamps,
});

export type Menu = z.infer<typeof menuRecordSchema>;
export type MenuItemCreate = MenuItemInput;
export type MenuCreate = z.infer<typeof menuCreateSchema>;
export type MenuUpdate = z.infer<typeof menuUpdateSchema>;
