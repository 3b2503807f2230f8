import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inTransaction } from '../db/transaction';
import { withId, withTimestamps, type MigrationDb } from '../db/migration-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import type { ServiceContext } from './context';
import { manyToMany, orderedChildren, tree } from './relations';
import { createResourceService } from './resource';
import { systemClock } from './services';
import type { TableName } from './table';

/**
 * The declared relations the write pipeline keeps, on tables made for this test, on both
 * engines: a set of ids in a link table, ordered children with children of their own,
 * items nested to any depth, and a tree. A module's own tests show each in use (role
 * permissions, course chapters, menu items, categories).
 */
let t: TestApp;
let ctx: ServiceContext;

// Test tables are not part of the schema types; the declarations name them loosely.
type Loose = never;
const node = (row: Record<string, unknown>) => ({
  id: row.id as number,
  scope: row.scope as number,
  parent_id: (row.parent_id as number | null) ?? null,
  order: Number(row.order),
  level: Number(row.level),
  title: row.title as string,
});

const nodes = createResourceService({
  path: 'test-nodes',
  table: 'test_nodes' as TableName,
  entity: 'test_node',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: z.record(z.string(), z.unknown()),
    update: z.record(z.string(), z.unknown()),
    record: z.record(z.string(), z.unknown()),
  },
  list: { defaultOrder: ['order' as Loose, 'asc'] },
  toRecord: (row) => node(row as Record<string, unknown>),
  relations: [
    tree({
      parentColumn: 'parent_id' as Loose,
      orderColumn: 'order' as Loose,
      levelColumn: 'level' as Loose,
      scopeColumn: 'scope' as Loose,
    }),
  ],
});

/** The same tree keeping each row's place in the top-down reading order (as categories do). */
const ranked = createResourceService({
  path: 'test-ranked',
  table: 'test_nodes' as TableName,
  entity: 'test_node',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: z.record(z.string(), z.unknown()),
    update: z.record(z.string(), z.unknown()),
    record: z.record(z.string(), z.unknown()),
  },
  list: {
    defaultOrder: ['position' as Loose, 'asc'],
    filters: {
      scope: {
        schema: z.string(),
        where: (eb, value) => eb('scope' as Loose, '=', Number(value) as Loose),
      },
    },
  },
  toRecord: (row) => node(row as Record<string, unknown>),
  relations: [
    tree({
      parentColumn: 'parent_id' as Loose,
      orderColumn: 'order' as Loose,
      levelColumn: 'level' as Loose,
      scopeColumn: 'scope' as Loose,
      positionColumn: 'position' as Loose,
      tieColumn: 'title' as Loose,
    }),
  ],
});

const courses = createResourceService({
  path: 'test-courses',
  table: 'test_courses' as TableName,
  entity: 'test_course',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: z.record(z.string(), z.unknown()),
    update: z.record(z.string(), z.unknown()),
    record: z.record(z.string(), z.unknown()),
  },
  list: { defaultOrder: ['id' as Loose, 'asc'] },
  toRecord: (row) =>
    ({ id: (row as { id: number }).id, title: (row as { title: string }).title }) as Record<
      string,
      unknown
    >,
  relations: [
    orderedChildren({
      field: 'chapters',
      table: 'test_chapters' as TableName,
      ownerColumn: 'course_id' as Loose,
      orderColumn: 'sort' as Loose,
      toRow: (item) => ({ title: item.title }) as Loose,
      toItem: (row) => ({ title: row.title }),
      references: { media_id: { table: 'media', column: 'id' } },
      children: orderedChildren({
        field: 'lessons',
        table: 'test_lessons' as TableName,
        ownerColumn: 'chapter_id' as Loose,
        orderColumn: 'sort' as Loose,
        toRow: (item) => ({ title: item.title, minutes: item.minutes }) as Loose,
        toItem: (row) => ({ title: row.title, minutes: Number(row.minutes) }),
      }),
    }),
  ],
});

/** Items nested to any depth in one table, each naming a record of the table its `kind` says. */
const navs = createResourceService({
  path: 'test-navs',
  table: 'test_navs' as TableName,
  entity: 'test_nav',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: z.record(z.string(), z.unknown()),
    update: z.record(z.string(), z.unknown()),
    record: z.record(z.string(), z.unknown()),
  },
  list: { defaultOrder: ['id' as Loose, 'asc'] },
  toRecord: (row) =>
    ({ id: (row as { id: number }).id, title: (row as { title: string }).title }) as Record<
      string,
      unknown
    >,
  relations: [
    orderedChildren({
      field: 'links',
      table: 'test_links' as TableName,
      ownerColumn: 'nav_id' as Loose,
      orderColumn: 'sort' as Loose,
      nested: { field: 'below', parentColumn: 'parent_id' as Loose },
      toRow: (item) => ({ title: item.title, kind: item.kind, ref: item.ref ?? null }) as Loose,
      toItem: (row) => ({ title: row.title, kind: row.kind, ref: row.ref ?? null }),
      references: {
        ref: (item) =>
          item.kind === 'node'
            ? {
                table: 'test_nodes' as TableName,
                column: 'id',
                where: { scope: 9 },
                message: 'test.no_node',
              }
            : item.kind === 'course'
              ? { table: 'test_courses' as TableName, column: 'id' }
              : undefined,
      },
    }),
  ],
});

/** Records holding a set of tag ids in a link table. */
const tagged = createResourceService({
  path: 'test-tagged',
  table: 'test_tagged' as TableName,
  entity: 'test_tagged',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: z.record(z.string(), z.unknown()),
    update: z.record(z.string(), z.unknown()),
    record: z.record(z.string(), z.unknown()),
  },
  list: { defaultOrder: ['id' as Loose, 'asc'] },
  toRecord: (row) => {
    const { id, title } = row as { id: number; title: string };
    return { id, title } as Record<string, unknown>;
  },
  relations: [
    manyToMany({
      field: 'tag_ids',
      table: 'test_tagged_tags' as TableName,
      ownerColumn: 'tagged_id' as Loose,
      targetColumn: 'tag_id' as Loose,
      target: { table: 'test_tags' as TableName, column: 'id' as Loose },
    }),
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db as unknown as MigrationDb;
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('test_nodes'))
      .addColumn('scope', 'integer', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('test_nodes.id'))
      .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull()),
  ).execute();
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('test_courses')).addColumn('title', 'text', (c) =>
      c.notNull(),
    ),
  ).execute();
  await withId(db, db.schema.createTable('test_chapters'))
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().references('test_courses.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('test_lessons'))
    .addColumn('chapter_id', 'integer', (c) =>
      c.notNull().references('test_chapters.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .execute();
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('test_navs')).addColumn('title', 'text', (c) => c.notNull()),
  ).execute();
  await withId(db, db.schema.createTable('test_links'))
    .addColumn('nav_id', 'integer', (c) =>
      c.notNull().references('test_navs.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'integer', (c) => c.references('test_links.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'integer')
    .execute();
  await withId(db, db.schema.createTable('test_tags'))
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('test_tagged')).addColumn('title', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createTable('test_tagged_tags')
    .addColumn('tagged_id', 'integer', (c) =>
      c.notNull().references('test_tagged.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('test_tags.id'))
    .addPrimaryKeyConstraint('test_tagged_tags_pk', ['tagged_id', 'tag_id'])
    .execute();
  ctx = {
    db: t.db,
    engine: t.engine,
    clock: systemClock,
    actor: null,
    audit: { userId: null, ip: null },
    locale: 'vi',
    transaction: (work) => inTransaction(t.db, t.engine, work),
  };
});
afterAll(() => t.close());

const errorsOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return (error as { fieldErrors?: Record<string, Array<{ key: string }>> }).fieldErrors;
  }
  throw new Error('expected a refusal');
};

describe('a set of ids in a link table', () => {
  type Tagged = { id: number; title: string; tag_ids: number[] };
  const links = async (id: number) =>
    (
      await sql<{
        tag_id: number;
      }>`select tag_id from test_tagged_tags where tagged_id = ${id} order by tag_id`.execute(t.db)
    ).rows.map((row) => Number(row.tag_id));

  it('writes, answers and replaces the set as a whole; leaves it when the field is not sent', async () => {
    const tags: number[] = [];
    for (const label of ['a', 'b', 'c']) {
      const { rows } = await sql<{
        id: number;
      }>`insert into test_tags (label) values (${label}) returning id`.execute(t.db);
      tags.push(Number(rows[0]!.id));
    }
    const [a, b, c] = tags as [number, number, number];
    const created = (await tagged.create(ctx, {
      title: 'One',
      tag_ids: [b, a, b],
    } as never)) as Tagged;
    expect(created.tag_ids).toEqual([a, b]);
    expect(await links(created.id)).toEqual([a, b]);

    const replaced = (await tagged.update(ctx, created.id, { tag_ids: [c, b] } as never)) as Tagged;
    expect(replaced.tag_ids).toEqual([b, c]);
    expect(await links(created.id)).toEqual([b, c]);

    const renamed = (await tagged.update(ctx, created.id, { title: 'Uno' } as never)) as Tagged;
    expect(renamed).toMatchObject({ title: 'Uno', tag_ids: [b, c] });
    expect((await tagged.show(ctx, created.id)) as Tagged).toMatchObject({ tag_ids: [b, c] });
    const page = await tagged.list(ctx, { include: 'tag_ids' });
    expect(page.data.find((row) => row.id === created.id)).toMatchObject({ tag_ids: [b, c] });

    const emptied = (await tagged.update(ctx, created.id, { tag_ids: [] } as never)) as Tagged;
    expect(emptied.tag_ids).toEqual([]);
    expect(await links(created.id)).toEqual([]);
  });

  it('refuses ids that name nothing as a 422 on the field, and changes nothing', async () => {
    const { rows } = await sql<{
      id: number;
    }>`insert into test_tags (label) values ('kept') returning id`.execute(t.db);
    const kept = Number(rows[0]!.id);
    const record = (await tagged.create(ctx, { title: 'Two', tag_ids: [kept] } as never)) as Tagged;
    expect(
      await errorsOf(
        tagged.update(ctx, record.id, { title: 'Changed', tag_ids: [kept, 999_999] } as never),
      ),
    ).toEqual({ tag_ids: [{ key: 'validation.foreign_key' }] });
    expect(await tagged.show(ctx, record.id)).toMatchObject({ title: 'Two', tag_ids: [kept] });
    const before = await sql<{ n: number }>`select count(*) as n from test_tagged`.execute(t.db);
    expect(
      await errorsOf(tagged.create(ctx, { title: 'Three', tag_ids: [999_998] } as never)),
    ).toEqual({ tag_ids: [{ key: 'validation.foreign_key' }] });
    const after = await sql<{ n: number }>`select count(*) as n from test_tagged`.execute(t.db);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });
});

describe('a tree relation', () => {
  const add = (title: string, parent_id: number | null = null, scope = 1) =>
    nodes.create(ctx, { title, parent_id, scope } as never) as Promise<ReturnType<typeof node>>;

  it('keeps levels, refuses cycles and parents of another scope', async () => {
    const a = await add('A');
    const b = await add('B', a.id);
    const c = await add('C', b.id);
    expect([a.level, b.level, c.level]).toEqual([1, 2, 3]);

    expect(await errorsOf(nodes.update(ctx, a.id, { parent_id: c.id } as never))).toEqual({
      parent_id: [{ key: 'tree.cycle' }],
    });
    expect(await errorsOf(nodes.update(ctx, a.id, { parent_id: a.id } as never))).toEqual({
      parent_id: [{ key: 'tree.cycle' }],
    });
    const other = await add('Other scope', null, 2);
    expect(await errorsOf(add('Stray', other.id, 1))).toEqual({
      parent_id: [{ key: 'validation.foreign_key' }],
    });

    // Moving B (with C under it) to the top lifts the whole branch.
    await nodes.update(ctx, b.id, { parent_id: null } as never);
    expect(((await nodes.show(ctx, c.id)) as { level: number }).level).toBe(2);
  });

  it('moves several rows at once (a drag and drop) and checks the result as a whole', async () => {
    const root = await add('Root', null, 3);
    const x = await add('X', null, 3);
    const y = await add('Y', x.id, 3);
    await nodes.move(ctx, [
      { id: x.id, parent_id: root.id, order: 1 },
      { id: y.id, parent_id: root.id, order: 0 },
    ]);
    const levels = await sql<{
      title: string;
      level: number;
      parent_id: number;
    }>`select title, level, parent_id from test_nodes where scope = 3 order by id`.execute(t.db);
    expect(levels.rows.map((r) => [r.title, Number(r.level), r.parent_id])).toEqual([
      ['Root', 1, null],
      ['X', 2, root.id],
      ['Y', 2, root.id],
    ]);
    expect(await errorsOf(nodes.move(ctx, [{ id: root.id, parent_id: y.id, order: 0 }]))).toEqual({
      parent_id: [{ key: 'tree.cycle' }],
    });
  });

  it('deletes a row with children only when told what to do with them, never leaving orphans', async () => {
    const top = await add('Top', null, 4);
    const mid = await add('Mid', top.id, 4);
    const leaf = await add('Leaf', mid.id, 4);
    expect(await errorsOf(nodes.remove(ctx, mid.id))).toEqual({
      children: [{ key: 'tree.has_children', params: { count: 1 } }],
    });

    await nodes.remove(ctx, mid.id, { children: 'lift' });
    expect(await nodes.show(ctx, leaf.id)).toMatchObject({ parent_id: top.id, level: 2 });

    await nodes.remove(ctx, top.id, { children: 'cascade' });
    const left = await sql<{
      n: number;
    }>`select count(*) as n from test_nodes where scope = 4`.execute(t.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});

describe('a tree keeping the reading order', () => {
  const add = (title: string, parent_id: number | null = null, order = 0) =>
    ranked.create(ctx, { title, parent_id, order, scope: 5 } as never) as Promise<
      ReturnType<typeof node>
    >;
  const titles = async () =>
    ((await ranked.list(ctx, { scope: '5' })).data as Array<{ title: string; level: number }>).map(
      (row) => `${'-'.repeat(row.level - 1)}${row.title}`,
    );

  it('lists parents before their children, siblings by order then title, after every kind of write', async () => {
    const b = await add('B');
    const a = await add('A');
    await add('A2', a.id);
    const a1 = await add('A1', a.id);
    expect(await titles()).toEqual(['A', '-A1', '-A2', 'B']);
    await ranked.update(ctx, b.id, { order: -1 } as never);
    expect(await titles()).toEqual(['B', 'A', '-A1', '-A2']);
    await ranked.update(ctx, a1.id, { title: 'Z' } as never);
    expect(await titles()).toEqual(['B', 'A', '-A2', '-Z']);
    await ranked.move(ctx, [{ id: a.id, parent_id: b.id, order: 0 }]);
    expect(await titles()).toEqual(['B', '-A', '--A2', '--Z']);
    await ranked.remove(ctx, a.id, { children: 'lift' });
    expect(await titles()).toEqual(['B', '-A2', '-Z']);
  });
});

describe('ordered children with children of their own', () => {
  const chapters = [
    {
      title: 'Mở đầu',
      lessons: [
        { title: 'Chào mừng', minutes: 5 },
        { title: 'Cài đặt', minutes: 12 },
      ],
    },
    { title: 'Nâng cao', lessons: [{ title: 'Tối ưu', minutes: 30 }] },
  ];

  it('writes, answers and replaces them in order with the record', async () => {
    const created = (await courses.create(ctx, { title: 'Khóa học', chapters } as never)) as Record<
      string,
      unknown
    >;
    expect(created.chapters).toEqual(chapters);
    const reordered = [chapters[1]!, { ...chapters[0]!, lessons: [chapters[0]!.lessons[1]!] }];
    const updated = (await courses.update(ctx, created.id, {
      chapters: reordered,
    } as never)) as Record<string, unknown>;
    expect(updated.chapters).toEqual(reordered);
    const lessons = await sql<{ n: number }>`select count(*) as n from test_lessons`.execute(t.db);
    expect(Number(lessons.rows[0]!.n)).toBe(2);
    // Not sending the field leaves the children as they are.
    const renamed = (await courses.update(ctx, created.id, {
      title: 'Khóa học mới',
    } as never)) as Record<string, unknown>;
    expect(renamed.chapters).toEqual(reordered);
  });

  it('refuses an item naming a record that does not exist, by its path, and writes nothing', async () => {
    const before = await sql<{ n: number }>`select count(*) as n from test_courses`.execute(t.db);
    const refused = await errorsOf(
      courses.create(ctx, {
        title: 'Hỏng',
        chapters: [
          { title: 'A', lessons: [] },
          { title: 'B', media_id: 999999, lessons: [] },
        ],
      } as never),
    );
    expect(refused).toEqual({ 'chapters.1.media_id': [{ key: 'validation.foreign_key' }] });
    const after = await sql<{ n: number }>`select count(*) as n from test_courses`.execute(t.db);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });
});

describe('ordered children nested to any depth, naming records of a table chosen per item', () => {
  type Link = { title: string; kind: string; ref?: number | null; below?: Link[] };
  const link = (
    title: string,
    below: Link[] = [],
    kind = 'plain',
    ref: number | null = null,
  ): Link => ({ title, kind, ref, below });

  it('keeps three levels and their order, replaces them as a whole, and deletes them with the owner', async () => {
    const tree = [
      link('Trang chủ'),
      link('Sản phẩm', [link('Cà phê', [link('Arabica'), link('Robusta')]), link('Trà')]),
      link('Liên hệ'),
    ];
    const created = (await navs.create(ctx, { title: 'Chính', links: tree } as never)) as {
      id: number;
      links: Link[];
    };
    expect(created.links).toEqual(tree);
    const moved = [
      link('Sản phẩm', [link('Trà', [link('Robusta')]), link('Cà phê', [link('Arabica')])]),
      link('Trang chủ'),
    ];
    const updated = (await navs.update(ctx, created.id, { links: moved } as never)) as {
      links: Link[];
    };
    expect(updated.links).toEqual(moved);
    const rows = await sql<{
      n: number;
    }>`select count(*) as n from test_links where nav_id = ${created.id}`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBe(6);
    await navs.remove(ctx, created.id);
    const left = await sql<{
      n: number;
    }>`select count(*) as n from test_links where nav_id = ${created.id}`.execute(t.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('checks each reference in the table its item names, at any depth, with the declared text', async () => {
    const inScope = (await nodes.create(ctx, {
      title: 'Đích',
      parent_id: null,
      scope: 9,
    } as never)) as { id: number };
    const otherScope = (await nodes.create(ctx, {
      title: 'Khác',
      parent_id: null,
      scope: 8,
    } as never)) as { id: number };
    const course = (await courses.create(ctx, { title: 'Khóa', chapters: [] } as never)) as {
      id: number;
    };
    const good = [
      link('A', [
        link('B', [link('C', [], 'node', inScope.id)]),
        link('D', [], 'course', course.id),
      ]),
    ];
    expect(
      ((await navs.create(ctx, { title: 'Tốt', links: good } as never)) as { links: Link[] }).links,
    ).toEqual(good);

    // The same id in the wrong table, or a row the `where` leaves out, names nothing.
    expect(
      await errorsOf(
        navs.create(ctx, {
          title: 'Sai',
          links: [link('A', [link('B'), link('C', [], 'node', otherScope.id)])],
        } as never),
      ),
    ).toEqual({ 'links.0.below.1.ref': [{ key: 'test.no_node' }] });
    expect(
      await errorsOf(
        navs.create(ctx, {
          title: 'Sai',
          links: [link('A', [], 'course', inScope.id + 100000)],
        } as never),
      ),
    ).toEqual({ 'links.0.ref': [{ key: 'validation.foreign_key' }] });
  });
});

describe('a relation inside an object of the body', () => {
  // `box.chapters`: the children sit inside the record's `box` object, as a course's chapters do.
  const boxed = createResourceService({
    path: 'test-boxed',
    table: 'test_courses' as TableName,
    entity: 'test_course',
    permissions: {
      list: 'public',
      show: 'public',
      create: 'public',
      update: 'public',
      delete: 'public',
    },
    schemas: {
      create: z.record(z.string(), z.unknown()),
      update: z.record(z.string(), z.unknown()),
      record: z.record(z.string(), z.unknown()),
    },
    list: { defaultOrder: ['id' as Loose, 'asc'] },
    toRecord: (row) => {
      const { id, title } = row as { id: number; title: string };
      return (
        title.startsWith('box') ? { id, title, box: { label: title } } : { id, title, box: null }
      ) as Record<string, unknown>;
    },
    hooks: {
      prepare: (_ctx, { input }) => {
        const { box: _box, ...rest } = input as Record<string, unknown>;
        return { values: rest as Loose };
      },
    },
    relations: [
      orderedChildren({
        field: 'box.chapters',
        table: 'test_chapters' as TableName,
        ownerColumn: 'course_id' as Loose,
        orderColumn: 'sort' as Loose,
        toRow: (item) => ({ title: item.title }) as Loose,
        toItem: (row) => ({ title: row.title }),
        references: { media_id: { table: 'media', column: 'id' } },
      }),
    ],
  });

  it('writes the children from that object, answers them inside it, and names nested paths', async () => {
    const input = { title: 'box one', box: { chapters: [{ title: 'Một' }, { title: 'Hai' }] } };
    const created = (await boxed.create(ctx, input as never)) as Record<string, unknown>;
    expect(created.box).toEqual({
      label: 'box one',
      chapters: [{ title: 'Một' }, { title: 'Hai' }],
    });
    // The caller's input is left as it was.
    expect(input.box.chapters).toHaveLength(2);
    const kept = (await boxed.update(ctx, created.id, { box: {} } as never)) as Record<
      string,
      unknown
    >;
    expect(kept.box).toEqual({ label: 'box one', chapters: [{ title: 'Một' }, { title: 'Hai' }] });
    // A record without the object gets no field.
    const plain = (await boxed.create(ctx, { title: 'plain' } as never)) as Record<string, unknown>;
    expect(plain.box).toBeNull();
    expect(
      await errorsOf(
        boxed.create(ctx, {
          title: 'box bad',
          box: { chapters: [{ title: 'x', media_id: 999999 }] },
        } as never),
      ),
    ).toEqual({
      'box.chapters.0.media_id': [{ key: 'validation.foreign_key' }],
    });
  });
});
