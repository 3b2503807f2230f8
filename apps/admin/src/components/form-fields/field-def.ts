import type { ReactNode } from 'react';
import type { FieldOption, OptionsSource } from '../../lib/options';
import type { FieldKind } from '../../lib/zod-form';

/** One field of a `ResourceForm`, declared next to the resource's shared zod schema. */
export type FormFieldDef = {
  name: string;
  label: string;
  /** Defaults to what the schema says (string → text, number, boolean → switch, enum/literals → select, ISO date → date, array of objects → list, array of strings → tags). */
  kind?: FieldKind;
  options?: FieldOption[];
  /** `select` / `tree-select`: choices from a query, searchable. */
  source?: OptionsSource;
  /** `select`, `tree-select`, `media`: several values. */
  multiple?: boolean;
  /**
   * A custom control; Form.Item passes it `value` and `onChange`. As a function it gets the
   * field's accessible name, which inside a list item names the item too ("Section 1: Content").
   */
  input?: ReactNode | ((named: { label: string }) => ReactNode);
  placeholder?: string;
  help?: string;
  disabled?: boolean;
  /** Marks the field required even if the schema does not say so (or the other way). */
  required?: boolean;
  /** `slug`: the field it is made from as one types, until the slug is edited by hand. */
  from?: string;
  /** `slug`: how the text of `from` becomes the slug (the shared `slugify` unless given). */
  slugOf?: (text: string) => string;
  /**
   * `date` / `datetime`: the value must come strictly after this moment (ISO text, epoch ms,
   * or null for no bound), read from the form's values as the picker opens: days and times
   * up to it cannot be picked.
   */
  after?: (values: Record<string, unknown>) => string | number | null | undefined;
  /** `money`: the unit after the number ('' for none); the money unit of the settings when not given. */
  unit?: string;
  /** `media`: what the picker offers ('image' by default). */
  mediaType?: string;
  /** `list`: the fields of one item (a `list` again for lists in lists). */
  fields?: ReadonlyArray<FormFieldDef>;
  /** `list`: one item's name ("Tier" → "Tier 1", "Add: Tier"). */
  itemLabel?: string;
  /**
   * `list`: an item's title from its number (1, 2…), for words the number does not simply
   * follow ("第 1 章"). The item buttons then name the item ("Move Chapter 2 up").
   */
  itemTitle?: (n: number) => string;
  /** `list`: the add button's words ("Add a lesson"); `Add: <itemLabel>` when not given. */
  addLabel?: string;
  /**
   * `list`: `cards` (default) shows each item as a card of labelled fields; `rows` as one line
   * of controls without visible labels, each named "<item>: <field>" and hinted by its
   * `placeholder` (a keyword and its address).
   */
  layout?: 'cards' | 'rows';
  /** Inside a list item's card: half the width on a wide screen, beside the next half field. */
  half?: boolean;
  /** `list`: the values of an added item. */
  newItem?: Record<string, unknown>;
  /**
   * Shown only while this holds for the form's values (a switch that means something for some
   * styles only); a hidden field keeps its value.
   */
  visible?: (values: Record<string, unknown>) => boolean;
};

/** A field's place in the form values: `['config', 1, 'quantity']`. */
export type FieldPath = Array<string | number>;

/** The rule a field runs: the whole schema, keeping the issues at `path` (and below it unless `exact`). */
export type FieldValidator = (
  path: FieldPath,
  exact: boolean,
) => (rule: unknown, value: unknown) => Promise<void>;
