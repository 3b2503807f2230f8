import type { Category } from '@backoffice/shared/category.schema';
import type { DataField } from '@backoffice/shared/data-field.schema';
import {
  postCreateSchema,
  postUpdateSchema,
  type PostDetail,
  type PostStatus,
} from '@backoffice/shared/post.schema';
import type { FeatureKey, PostType } from '@backoffice/shared/post-type.schema';
import { postPath } from '@backoffice/shared/content-paths';
import { slugify } from '@backoffice/shared/slug';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Spin,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DataFieldInput } from '../../../components/data-field/data-field-input';
import { MediaField } from '../../../components/media-picker/media-field';
import { useNotices } from '../../../components/notices';
import { keepEnterInPicker } from '../../../components/form-fields/date-bounds';
import { itemPropsFor } from '../../../components/form-fields/field-control';
import { PageHeader } from '../../../components/page-header';
import { ShopDatePicker } from '../../../components/shop-date-picker';
import { addressId, RecordUnavailable } from '../../../components/record-unavailable';
import { useScreenTitle } from '../../../components/screen-title';
import { postScreenTitle } from '../post-screen-title';
import { useSaveShortcut, useUnsavedChanges } from '../../../components/unsaved-changes';
import { useIssueText } from '../../../components/use-issue-text';
import { isApiError } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/profile';
import { useFormatters } from '../../../lib/format';
import { useSite } from '../../../lib/site';
import {
  postDraftKey,
  readStoredJson,
  STORAGE_KEYS,
  writeStored,
  writeStoredJson,
} from '../../../lib/storage';
import { issuesToFieldErrors, placeFieldErrors, serverErrorsToFields } from '../../../lib/zod-form';
import {
  agenciesApi,
  categoriesApi,
  getPost,
  groupsApi,
  pendingCountKey,
  postDetailQueryOptions,
  postsApi,
  previewPost,
  postTypesApi,
} from '../api/posts-api';
import { Box, ContentsBox, CourseBox, ProductBox, SeoBox } from '../components/post-boxes';
import { CategoriesBox, RelatedBox } from '../components/side-boxes';
import { holdsData } from '../kept-boxes';

type Values = Record<string, unknown>;

const SIDE_BOXES = ['category', 'images', 'group', 'trademark', 'related'] as const;
type Display = { mode: 'static' | 'dynamic'; hidden: string[] };

const readDisplay = (): Display => ({
  mode: 'static',
  hidden: [],
  ...readStoredJson<Partial<Display>>(STORAGE_KEYS.postEditorDisplay),
});

type Draft = { values: Values; savedAt: string };

/** The form's values from a stored post. */
const toForm = (post: PostDetail | undefined, type: PostType): Values => {
  if (!post)
    return {
      status: 'draft',
      images: [],
      contents: [],
      category_ids: [],
      group_ids: [],
      related_ids: [],
      seo: { keywords: [], links: [] },
      fields: {},
      ...(type.style === 'product' ? { product: { code: '', price: 0, agency_prices: [] } } : {}),
      ...(type.style === 'course' ? { course: { price: 0, chapters: [] } } : {}),
    };
  return {
    title: post.title,
    slug: post.slug,
    description: post.description ?? '',
    avatar: post.avatar,
    images: post.images,
    contents: post.contents,
    category_ids: post.category_ids,
    primary_category_id: post.primary_category_id,
    group_ids: post.group_ids,
    related_ids: post.related_ids,
    trademark_id: post.trademark_id,
    seo: post.seo,
    fields: post.fields,
    status: post.status,
    published_at: post.published_at,
    ...(post.product ? { product: post.product } : {}),
    ...(post.course ? { course: post.course } : {}),
  };
};

/**
 * What is sent: empty texts become "not given", and only the type's boxes go. Data field
 * values go for the type's fields only (`fieldKeys`; a removed field's value is dropped),
 * and not at all before those are known.
 */
const toBody = (
  values: Values,
  type: PostType,
  enabled: (key: FeatureKey) => boolean,
  fieldKeys: ReadonlySet<string> | undefined,
) => {
  const body: Values = { ...values };
  if (!fieldKeys) delete body.fields;
  else if (body.fields)
    body.fields = Object.fromEntries(
      Object.entries(body.fields as Values).filter(([key]) => fieldKeys.has(key)),
    );
  for (const [key, feature] of [
    ['category_ids', 'category'],
    ['primary_category_id', 'category'],
    ['group_ids', 'group'],
    ['trademark_id', 'trademark'],
    ['related_ids', 'related'],
    ['seo', 'seo'],
    ['fields', 'fields'],
    ['images', 'images'],
    ['contents', 'contents'],
  ] as const)
    if (!enabled(feature)) delete body[key];
  if (type.style !== 'product') delete body.product;
  if (type.style !== 'course') delete body.course;
  for (const key of ['slug', 'description', 'avatar'])
    if (body[key] === '' || body[key] === undefined) body[key] = key === 'slug' ? '' : null;
  if (body.trademark_id === undefined) body.trademark_id = null;
  if (body.primary_category_id === undefined) body.primary_category_id = null;
  if (body.seo) {
    const seo = body.seo as Values;
    body.seo = {
      ...seo,
      title: seo.title || null,
      image: seo.image || null,
      description: seo.description || null,
      keywords: seo.keywords ?? [],
      links: seo.links ?? [],
    };
  }
  return body;
};

export const PostEditorPage = () => {
  const { typeID, postID } = useParams();
  const typeId = addressId(typeID);
  const editing = postID !== undefined;
  const postId = addressId(postID);
  const { t } = useTranslation('posts');
  const type = useQuery({ ...postTypesApi.getQueryOptions(typeId ?? 0), enabled: !!typeId });
  const post = useQuery({ ...postDetailQueryOptions(postId ?? 0), enabled: !!postId });
  if ((editing && !postId) || post.isError)
    return (
      <RecordUnavailable
        query={post}
        missing={t('editor.missing')}
        failed={t('editor.loadFailed')}
      />
    );
  // A post is edited as its own type, whatever type the address names.
  if (post.data && post.data.type_id !== typeId)
    return <Navigate to={`/posts/edit/${post.data.type_id}/${post.data.id}`} replace />;
  if (!typeId || type.isError)
    return (
      <RecordUnavailable query={type} missing={t('list.noType')} failed={t('editor.loadFailed')} />
    );
  if (!type.data || (editing && !post.data))
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('editor.loading')} />
      </Flex>
    );
  return (
    <PostEditor
      key={`${typeId}:${postId ?? 'new'}:${post.dataUpdatedAt}`}
      type={type.data}
      post={post.data}
    />
  );
};

const PostEditor = ({ type, post }: { type: PostType; post?: PostDetail }) => {
  const { t } = useTranslation(['posts', 'content']);
  const translate = useIssueText();
  const notices = useNotices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Values | null>(null);
  const [display, setDisplay] = useState<Display>(readDisplay);
  const slugTouched = useRef(Boolean(post?.slug));
  // Whoever may list posts may open one; without the right to change it, it is shown to read.
  const readOnly = post !== undefined && !can('posts.update');
  const key = postDraftKey(type.id, post?.id);
  const [draft, setDraft] = useState<Draft | null>(() => {
    const found = readOnly ? null : readStoredJson<Draft>(key);
    return found && (!post || found.savedAt > post.updated_at) ? found : null;
  });
  const initialValues = useMemo(() => toForm(post, type), [post, type]);
  const unsaved = useUnsavedChanges();

  const enabled = (feature: FeatureKey) =>
    type.features.some((f) => f.key === feature && f.enabled);
  // A box whose feature the type turned off after this post was filled in stays, with a note,
  // while the post holds something there (the website still shows it).
  const kept = (feature: FeatureKey) => !enabled(feature) && holdsData(post, feature);
  const shown = (feature: FeatureKey) => enabled(feature) || kept(feature);
  const featureName = (feature: FeatureKey) =>
    type.features.find((f) => f.key === feature)?.name ||
    // a product type's related box lists products, a course type's courses
    t(`content:features.${feature}`, { context: type.style });
  const keptNote = (feature: FeatureKey) =>
    kept(feature) ? t('editor.offForType', { feature: featureName(feature) }) : undefined;
  const canApprove = can('posts.approve');
  const siteUrl = useSite().data?.site_url;
  const formatters = useFormatters();
  const [previewing, setPreviewing] = useState(false);
  const status = Form.useWatch('status', form) as PostStatus | undefined;
  const publishedAt = Form.useWatch('published_at', form) as string | null | undefined;
  // "Later" is measured from when the editor opened: close enough for a publish date.
  const [openedAt] = useState(() => Date.now());
  const scheduled = status === 'published' && !!publishedAt && Date.parse(publishedAt) > openedAt;

  // The website shows the post as saved, whatever its status, to whoever holds the token.
  const openPreview = async () => {
    if (!post || !siteUrl) return;
    setPreviewing(true);
    try {
      const { token } = await previewPost(post.id);
      window.open(
        `${siteUrl}${postPath(type.slug, post.slug)}?preview=${encodeURIComponent(token)}`,
        '_blank',
        'noopener',
      );
    } catch (error) {
      notices.error(error);
    } finally {
      setPreviewing(false);
    }
  };

  const categories = useQuery({
    ...categoriesApi.allPagesQueryOptions({
      type_id: type.id,
      orderBy: 'position',
      sortedBy: 'asc',
    }),
    // asked for only by those who may read them: a refusal would only fill the console
    enabled: shown('category') && can('categories.list'),
  });
  const groups = useQuery({
    ...groupsApi.allPagesQueryOptions({ type_id: type.id }),
    enabled: (shown('group') || shown('trademark') || shown('fields')) && can('groups.list'),
  });
  const dataFields = useQuery({
    ...groupsApi.allPagesQueryOptions({ type_id: type.id, style: 'field', include: 'fields' }),
    enabled: shown('fields') && can('groups.list'),
  });
  const agencies = useQuery({
    ...agenciesApi.allPagesQueryOptions(),
    enabled: type.style === 'product' && can('agencies.list'),
  });

  // The draft is kept in this browser as one types, and offered back after a crash.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keepDraft = () => {
    if (readOnly) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      writeStoredJson(key, {
        values: form.getFieldsValue(true) as Values,
        savedAt: new Date().toISOString(),
      } satisfies Draft);
    }, 600);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const handleValuesChange = (changed: Values) => {
    // A field's error goes once its value changes; the next save checks again.
    form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
    if ('slug' in changed) slugTouched.current = true;
    if ('title' in changed && !slugTouched.current)
      form.setFieldValue('slug', slugify(String(changed.title ?? '')));
    unsaved.markDirty();
    keepDraft();
  };

  const shownFields = () => new Set(form.getFieldsError().map((field) => field.name.join('.')));

  const save = async (status: PostStatus | undefined, overwrite?: { version: number }) => {
    setOtherErrors([]);
    const values: Values = {
      ...(form.getFieldsValue(true) as Values),
      ...(status ? { status } : {}),
    };
    const body = toBody(values, type, shown, fieldKeys);
    const schema = post ? postUpdateSchema : postCreateSchema;
    const candidate = post
      ? { ...body, version: overwrite?.version ?? post.version }
      : { ...body, type_id: type.id };
    const parsed = schema.safeParse(candidate);
    // The form's own rules: what the screen shows as required (the API takes a bare draft).
    const required: Array<{ name: Array<string | number>; errors: string[] }> = [];
    if (visible('images') && !values.avatar)
      required.push({ name: ['avatar'], errors: [t('rules.avatarRequired')] });
    if (
      enabled('images') &&
      visible('images') &&
      ((values.images as string[] | undefined) ?? []).length === 0
    )
      required.push({ name: ['images'], errors: [t('rules.imagesRequired')] });
    if (
      enabled('group') &&
      visible('group') &&
      articleGroups.length > 0 &&
      ((values.group_ids as number[] | undefined) ?? []).length === 0
    )
      required.push({ name: ['group_ids'], errors: [t('rules.groupRequired')] });
    if (!parsed.success || required.length > 0) {
      const issues = parsed.success ? [] : issuesToFieldErrors(parsed.error.issues, translate);
      const { fields, other } = placeFieldErrors([...issues, ...required], shownFields());
      form.setFields(fields);
      setOtherErrors(other);
      return;
    }
    setSaving(true);
    try {
      const saved = post
        ? await postsApi.update(post.id, parsed.data)
        : await postsApi.create(parsed.data as never);
      writeStored(key, null);
      clearTimeout(timer.current);
      unsaved.markSaved();
      if (post) notices.updated();
      else notices.created();
      await queryClient.invalidateQueries({ queryKey: postsApi.keys.all });
      await queryClient.invalidateQueries({ queryKey: pendingCountKey });
      if (!post) navigate(`/posts/edit/${type.id}/${saved.id}`, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(values);
      else if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        const { fields, other } = serverErrorsToFields(error.errors, shownFields());
        form.setFields(fields);
        setOtherErrors(other);
      } else notices.error(error);
    } finally {
      setSaving(false);
    }
  };

  const overwrite = async () => {
    if (!post) return;
    const latest = await getPost(post.id);
    setConflict(null);
    await save(undefined, { version: latest.version });
  };

  const reload = async () => {
    setConflict(null);
    writeStored(key, null);
    await queryClient.invalidateQueries({ queryKey: postsApi.keys.item(post!.id) });
  };

  const updateDisplay = (next: Display) => {
    setDisplay(next);
    writeStoredJson(STORAGE_KEYS.postEditorDisplay, next);
  };
  const visible = (box: string) => !display.hidden.includes(box);

  const statusOptions = (['published', 'private', 'draft', 'pending'] as const)
    .filter((status) => status !== 'published' || canApprove || post?.status === 'published')
    .map((status) => ({
      value: status,
      label: t(`status.${status}`),
      disabled: status === 'published' && !canApprove,
    }));

  const fieldGroups = (dataFields.data ?? []).filter((group) => (group.fields ?? []).length > 0);
  const fieldKeys = dataFields.data
    ? new Set(fieldGroups.flatMap((group) => (group.fields ?? []).map((field) => field.key)))
    : undefined;
  const articleGroups = (groups.data ?? []).filter((group) => group.style === 'article');
  const trademarks = (groups.data ?? []).filter((group) => group.style === 'trademark');
  // A product type's screens speak of products, a course type's of courses.
  const words = `styles.${type.style}`;
  const title = postScreenTitle(
    t,
    type.style,
    readOnly ? 'read' : post ? 'edit' : 'new',
    type.title,
  );
  useScreenTitle(title);

  // Ctrl+S / ⌘S does what the Save button does (the status chosen in the form).
  useSaveShortcut(() => {
    if (!saving && !readOnly) void save(undefined);
  });

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Button onClick={() => navigate(`/posts/all-posts/${type.id}`)}>
            {t('editor.backToList')}
          </Button>
        }
      />
      {draft ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('editor.draftFound', { time: formatters.dateTime(draft.savedAt) })}
          action={
            <Space>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  form.setFieldsValue(draft.values);
                  slugTouched.current = true;
                  unsaved.markDirty();
                  setDraft(null);
                }}
              >
                {t('editor.restoreDraft')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  writeStored(key, null);
                  setDraft(null);
                }}
              >
                {t('editor.discardDraft')}
              </Button>
            </Space>
          }
        />
      ) : null}
      {readOnly ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('editor.readOnly')} />
      ) : null}
      {otherErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={otherErrors.join(' ')}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={() => void save(undefined)}
        noValidate
        disabled={readOnly}
        name="post-editor"
      >
        <Row gutter={16}>
          <Col xs={24} lg={display.mode === 'static' ? 17 : 24}>
            <Box title={t(`${words}.main`)}>
              <Form.Item name="title" label={t('fields.title')} required>
                <Input />
              </Form.Item>
              <Form.Item name="slug" label={t('fields.slug')} extra={t('fields.slugHelp')}>
                <Input addonBefore="/" />
              </Form.Item>
              <Form.Item name="description" label={t('fields.description')}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </Box>
            {shown('contents') ? (
              <ContentsBox title={featureName('contents')} note={keptNote('contents')} />
            ) : null}
            {type.style === 'product' ? (
              <ProductBox
                agencies={(agencies.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              />
            ) : null}
            {type.style === 'course' ? <CourseBox /> : null}
            {shown('fields') && fieldGroups.length > 0 ? (
              <Box title={featureName('fields')} note={keptNote('fields')}>
                {fieldGroups.map((group) => (
                  <fieldset key={group.id} style={{ border: 0, padding: 0, margin: 0 }}>
                    <legend style={{ fontWeight: 600 }}>{group.title}</legend>
                    {(group.fields ?? []).map((field: DataField) => (
                      <Form.Item key={field.id} name={['fields', field.key]} label={field.title}>
                        <DataFieldInput field={field} />
                      </Form.Item>
                    ))}
                  </fieldset>
                ))}
              </Box>
            ) : null}
            {shown('seo') ? <SeoBox title={featureName('seo')} note={keptNote('seo')} /> : null}
          </Col>
          <Col xs={24} lg={display.mode === 'static' ? 7 : 24}>
            <Box title={t('publish.title')}>
              <Form.Item name="status" label={t('fields.status')}>
                <Select options={statusOptions} />
              </Form.Item>
              <Form.Item
                name="published_at"
                label={t('publish.publishedAt')}
                extra={
                  scheduled
                    ? t('publish.scheduled', { time: formatters.dateTime(publishedAt) })
                    : t('publish.publishedAtHelp')
                }
                {...itemPropsFor('datetime')}
              >
                <ShopDatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="DD/MM/YYYY HH:mm"
                  style={{ width: '100%' }}
                  onKeyDown={keepEnterInPicker}
                  placeholder={t('publish.publishedAtPlaceholder')}
                />
              </Form.Item>
              {!canApprove && !readOnly ? (
                <p style={{ marginTop: 0 }}>
                  {post?.status === 'published'
                    ? t('publish.backToReview')
                    : t('publish.needsApproval')}
                </p>
              ) : null}
              <Flex gap={8} wrap style={readOnly ? { display: 'none' } : undefined}>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={saving}
                  aria-keyshortcuts="Control+S Meta+S"
                >
                  {t('publish.save')}
                </Button>
                {!canApprove ? (
                  <Button loading={saving} onClick={() => void save('pending')}>
                    {t('publish.submit')}
                  </Button>
                ) : (
                  <Button loading={saving} onClick={() => void save('published')}>
                    {scheduled ? t('publish.schedule') : t('publish.publish')}
                  </Button>
                )}
                {post && siteUrl && can('posts.update') ? (
                  <Button loading={previewing} onClick={() => void openPreview()}>
                    {t('publish.preview')}
                  </Button>
                ) : null}
              </Flex>
            </Box>
            <Box title={t('display.title')}>
              <Radio.Group
                aria-label={t('display.mode')}
                value={display.mode}
                onChange={(event) =>
                  updateDisplay({ ...display, mode: event.target.value as Display['mode'] })
                }
                options={[
                  { value: 'static', label: t('display.static') },
                  { value: 'dynamic', label: t('display.dynamic') },
                ]}
              />
              <Checkbox.Group
                style={{ display: 'flex', flexDirection: 'column', marginTop: 8 }}
                aria-label={t('display.columns')}
                value={SIDE_BOXES.filter((box) => !display.hidden.includes(box))}
                onChange={(checked) =>
                  updateDisplay({
                    ...display,
                    hidden: SIDE_BOXES.filter((box) => !checked.includes(box)),
                  })
                }
                options={SIDE_BOXES.filter((box) => box === 'images' || shown(box)).map((box) => ({
                  value: box,
                  label: box === 'images' ? t('fields.imagesBox') : featureName(box),
                }))}
              />
            </Box>
            {shown('category') && visible('category') ? (
              <CategoriesBox
                title={featureName('category')}
                note={keptNote('category')}
                typeId={type.id}
                categories={(categories.data ?? []) as Category[]}
              />
            ) : null}
            {visible('images') ? (
              <Box title={t('fields.imagesBox')} note={keptNote('images')}>
                <Form.Item name="avatar" label={t('fields.avatar')}>
                  <MediaField type="image" area="posts" />
                </Form.Item>
                {shown('images') ? (
                  <Form.Item name="images" label={featureName('images')}>
                    <MediaField type="image" area="posts" multiple />
                  </Form.Item>
                ) : null}
              </Box>
            ) : null}
            {shown('group') && visible('group') ? (
              <Box title={featureName('group')} note={keptNote('group')}>
                {articleGroups.length === 0 ? (
                  <p style={{ margin: 0 }}>{t('editor.noGroups')}</p>
                ) : null}
                <Form.Item name="group_ids" style={{ marginBottom: 0 }}>
                  <Checkbox.Group
                    options={articleGroups.map((group) => ({
                      value: group.id,
                      label: group.title,
                    }))}
                    style={{ display: 'flex', flexDirection: 'column' }}
                  />
                </Form.Item>
              </Box>
            ) : null}
            {shown('trademark') && visible('trademark') ? (
              <Box title={featureName('trademark')} note={keptNote('trademark')}>
                <Form.Item name="trademark_id" noStyle>
                  <Select
                    allowClear
                    aria-label={featureName('trademark')}
                    placeholder={t('editor.trademarkPlaceholder')}
                    style={{ width: '100%' }}
                    options={trademarks.map((group) => ({ value: group.id, label: group.title }))}
                  />
                </Form.Item>
              </Box>
            ) : null}
            {shown('related') && visible('related') ? (
              <RelatedBox
                title={featureName('related')}
                note={keptNote('related')}
                typeId={type.id}
                selfId={post?.id}
              />
            ) : null}
          </Col>
        </Row>
      </Form>
      <Modal
        open={conflict !== null}
        title={t('conflict.title')}
        onCancel={() => setConflict(null)}
        footer={
          <Space>
            <Button onClick={() => void reload()}>{t('conflict.reload')}</Button>
            <Button type="primary" onClick={() => void overwrite()}>
              {t('conflict.overwrite')}
            </Button>
          </Space>
        }
      >
        <p>{t('conflict.text')}</p>
      </Modal>
      {unsaved.dialog}
    </>
  );
};
