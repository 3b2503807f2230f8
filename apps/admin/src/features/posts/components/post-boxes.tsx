import { formatDuration } from '@backoffice/shared/duration';
import {
  courseSchema,
  postCreateSchema,
  postSeoSchema,
  productSchema,
} from '@backoffice/shared/post.schema';
import { Alert, Card, Col, Flex, Form, Input, Row, Select } from 'antd';
import type { Discount } from '@backoffice/shared/discount.schema';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type {
  FieldPath,
  FieldValidator,
  FormFieldDef,
} from '../../../components/form-fields/field-def';
import { FormField } from '../../../components/form-fields/form-field';
import { MoneyInput } from '../../../components/form-fields/money-input';
import { NumberInput } from '../../../components/form-fields/number-input';
import { MediaField } from '../../../components/media-picker/media-field';
import { OptionSelect } from '../../../components/option-select';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import { useSite } from '../../../lib/site';
import { discountsApi } from '../api/posts-api';

/** A post's images are picked among the media of the posts' area. */
const postImageInput = <MediaField type="image" area="posts" />;

/**
 * The editor checks the whole post when it saves (its own rules beside the schema's, then the
 * server's), not a list's fields one by one as they are typed.
 */
const checkedOnSave: FieldValidator = () => async () => undefined;

/** A list of the post's (sections, keyword links, chapters…) as the generic `list` field kind. */
const PostList = ({
  name,
  schema,
  field,
}: {
  name: FieldPath;
  schema: z.ZodType;
  field: FormFieldDef;
}) => <FormField field={field} schema={schema} name={name} path={name} validate={checkedOnSave} />;

/** A box of the editor; `note` says above its fields why it is there (a feature kept for its data). */
export const Box = ({
  title,
  children,
  extra,
  note,
}: {
  title: ReactNode;
  children: ReactNode;
  extra?: ReactNode;
  note?: string;
}) => (
  <Card size="small" title={title} extra={extra} style={{ marginBottom: 16 }}>
    {note ? <Alert type="info" showIcon title={note} style={{ marginBottom: 12 }} /> : null}
    {children}
  </Card>
);

/** Content sections: title, image and rich content, repeated and reordered. */
export const ContentsBox = ({ title, note }: { title: string; note?: string }) => {
  const { t } = useTranslation('posts');
  return (
    <Box title={title} note={note}>
      <PostList
        name={['contents']}
        schema={postCreateSchema.shape.contents}
        field={{
          name: 'contents',
          label: '',
          itemTitle: (n) => t('contents.section', { n }),
          addLabel: t('contents.add'),
          newItem: { title: '', image: null, content: '' },
          fields: [
            { name: 'title', label: t('contents.title') },
            { name: 'image', label: t('contents.image'), input: postImageInput },
            {
              name: 'content',
              label: t('contents.content'),
              input: ({ label }) => <RichTextEditor label={label} />,
            },
          ],
        }}
      />
    </Box>
  );
};

/** SEO: title, image, description, keywords added with Enter, keyword-to-link tags. */
export const SeoBox = ({ title, note }: { title: string; note?: string }) => {
  const { t } = useTranslation('posts');
  return (
    <Box title={title} note={note}>
      <Form.Item name={['seo', 'title']} label={t('seo.title')}>
        <Input />
      </Form.Item>
      <Form.Item name={['seo', 'image']} label={t('seo.image')}>
        <MediaField type="image" area="posts" />
      </Form.Item>
      <Form.Item name={['seo', 'description']} label={t('seo.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name={['seo', 'keywords']} label={t('seo.keywords')} extra={t('seo.keywordsHelp')}>
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',']}
          aria-label={t('seo.keywords')}
        />
      </Form.Item>
      <PostList
        name={['seo', 'links']}
        schema={postSeoSchema.shape.links}
        field={{
          name: 'links',
          label: t('seo.links'),
          layout: 'rows',
          itemTitle: (n) => t('seo.link', { n }),
          addLabel: t('seo.addLink'),
          newItem: { name: '', url: '' },
          fields: [
            { name: 'name', label: t('seo.linkName'), placeholder: t('seo.linkName') },
            { name: 'url', label: t('seo.linkUrl'), placeholder: 'https://' },
          ],
        }}
      />
    </Box>
  );
};

/** What the shop prints after amounts (the `money_unit` setting; empty prints none). */
const useMoneyUnit = () => useSite().data?.money_unit ?? 'đ';

/** A discount chosen among the shop's, searched by title, each shown with its phase. */
const DiscountSelect = ({
  value,
  onChange,
  id,
  label,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  label: string;
}) => {
  const { t, i18n } = useTranslation('posts');
  const source = useMemo(() => {
    const base = optionsFromList(
      discountsApi,
      (discount: Discount) => ({
        value: discount.id,
        label: `${discount.title} · ${t(`discount.phases.${discount.phase}`)}`,
      }),
      { limit: 20, orderBy: 'id', sortedBy: 'desc' },
    );
    return { ...base, key: [...base.key, i18n.language] };
  }, [t, i18n.language]);
  return (
    <OptionSelect
      id={id}
      aria-label={label}
      source={source}
      value={value ?? null}
      onChange={(next) => onChange?.((next as number | null) ?? null)}
      placeholder={t('discount.placeholder')}
      notFoundContent={t('discount.none')}
    />
  );
};

/** Product: code, price, discount and prices per agency. */
export const ProductBox = ({ agencies }: { agencies: Array<{ value: number; label: string }> }) => {
  const { t } = useTranslation('posts');
  const unit = useMoneyUnit();
  const { can } = usePermissions();
  return (
    <Box title={t('product.title')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name={['product', 'code']}
            label={t('product.code')}
            extra={t('product.codeHelp')}
          >
            <Input maxLength={30} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['product', 'price']} label={t('product.price')}>
            <MoneyInput unit={unit} />
          </Form.Item>
        </Col>
      </Row>
      {/* Without the right to see discounts the chosen one is kept as it is. */}
      {can('discounts.list') ? (
        <Form.Item name={['product', 'discount_id']} label={t('product.discount')}>
          <DiscountSelect label={t('product.discount')} />
        </Form.Item>
      ) : null}
      <PostList
        name={['product', 'agency_prices']}
        schema={productSchema.shape.agency_prices}
        field={{
          name: 'agency_prices',
          label: t('product.agencyPrices'),
          layout: 'rows',
          itemTitle: (n) => t('product.agencyPrice', { n }),
          addLabel: t('product.addAgencyPrice'),
          newItem: { agency_id: undefined, price: 0 },
          fields: [
            {
              name: 'agency_id',
              label: t('product.agency'),
              kind: 'select',
              options: agencies,
              placeholder: t('product.agency'),
            },
            { name: 'price', label: t('product.price'), kind: 'money', unit },
          ],
        }}
      />
    </Box>
  );
};

/** Minutes, with a readable duration next to it (minutes, or hours and minutes), since a long course is hard to read in minutes. */
const MinutesInput = ({
  value,
  onChange,
  id,
  label,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  label?: string;
}) => {
  const { i18n } = useTranslation();
  return (
    <Flex gap={8} align="center">
      <NumberInput
        id={id}
        aria-label={label}
        min={0}
        value={value ?? null}
        onChange={(next) => onChange?.(next ?? null)}
        style={{ width: 140 }}
      />
      <span aria-live="polite">{value ? formatDuration(value, i18n.language) : ''}</span>
    </Flex>
  );
};

/** Course: lessons, duration, students, price, discount, chapters with lessons. */
export const CourseBox = () => {
  const { t } = useTranslation('posts');
  const unit = useMoneyUnit();
  const { can } = usePermissions();
  return (
    <Box title={t('course.title')}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={['course', 'lessons_count']} label={t('course.lessonsCount')}>
            <NumberInput min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['course', 'duration']} label={t('course.duration')}>
            <MinutesInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['course', 'students']} label={t('course.students')}>
            <NumberInput min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['course', 'price']} label={t('course.price')}>
            <MoneyInput unit={unit} />
          </Form.Item>
        </Col>
        {can('discounts.list') ? (
          <Col xs={24} md={12}>
            <Form.Item name={['course', 'discount_id']} label={t('course.discount')}>
              <DiscountSelect label={t('course.discount')} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <PostList
        name={['course', 'chapters']}
        schema={courseSchema.shape.chapters}
        field={{
          name: 'chapters',
          label: '',
          itemTitle: (n) => t('course.chapter', { n }),
          addLabel: t('course.addChapter'),
          newItem: { title: '', image: null, description: '', lessons: [] },
          fields: [
            { name: 'title', label: t('course.chapterTitle') },
            { name: 'image', label: t('course.chapterImage'), input: postImageInput },
            { name: 'description', label: t('course.chapterDescription'), kind: 'textarea' },
            {
              name: 'lessons',
              label: '',
              itemTitle: (n) => t('course.lesson', { n }),
              addLabel: t('course.addLesson'),
              newItem: { title: '', link: '', duration: null, highlight: false, description: '' },
              fields: [
                { name: 'title', label: t('course.lessonTitle'), half: true },
                {
                  name: 'link',
                  label: t('course.lessonLink'),
                  placeholder: 'https://',
                  half: true,
                },
                {
                  name: 'duration',
                  label: t('course.lessonMinutes'),
                  input: <MinutesInput />,
                  half: true,
                },
                { name: 'highlight', label: t('course.highlight'), kind: 'switch', half: true },
                { name: 'description', label: t('course.lessonDescription'), kind: 'textarea' },
              ],
            },
          ],
        }}
      />
    </Box>
  );
};
