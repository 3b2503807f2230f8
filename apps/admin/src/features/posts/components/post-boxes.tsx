import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { formatDuration } from '@backoffice/shared/duration';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { Discount } from '@backoffice/shared/discount.schema';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/form-fields/money-input';
import { MediaField } from '../../../components/media-picker/media-field';
import { OptionSelect } from '../../../components/option-select';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import { useSite } from '../../../lib/site';
import { discountsApi } from '../api/posts-api';

type ListControls = {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  label: string;
};

/** Up, down and remove buttons of one repeated item; their names say which item. */
export const ItemButtons = ({ index, count, move, remove, label }: ListControls) => {
  const { t } = useTranslation('posts');
  return (
    <Flex gap={4}>
      <Button
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={t('list.up', { item: label })}
        onClick={() => move(index, index - 1)}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        aria-label={t('list.down', { item: label })}
        onClick={() => move(index, index + 1)}
      />
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('list.remove', { item: label })}
        onClick={() => remove(index)}
      />
    </Flex>
  );
};

export const Box = ({
  title,
  children,
  extra,
}: {
  title: ReactNode;
  children: ReactNode;
  extra?: ReactNode;
}) => (
  <Card size="small" title={title} extra={extra} style={{ marginBottom: 16 }}>
    {children}
  </Card>
);

/** Content sections: title, image and rich content, repeated and reordered. */
export const ContentsBox = ({ title }: { title: string }) => {
  const { t } = useTranslation('posts');
  return (
    <Box title={title}>
      <Form.List name="contents">
        {(items, { add, remove, move }) => (
          <>
            {items.map((item, index) => {
              const label = t('contents.section', { n: index + 1 });
              return (
                <Card
                  key={item.key}
                  size="small"
                  type="inner"
                  title={label}
                  style={{ marginBottom: 12 }}
                  extra={
                    <ItemButtons
                      index={index}
                      count={items.length}
                      move={move}
                      remove={remove}
                      label={label}
                    />
                  }
                >
                  <Form.Item name={[item.name, 'title']} label={t('contents.title')}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[item.name, 'image']} label={t('contents.image')}>
                    <MediaField type="image" area="posts" />
                  </Form.Item>
                  <Form.Item name={[item.name, 'content']} label={t('contents.content')}>
                    <RichTextEditor label={`${label}: ${t('contents.content')}`} />
                  </Form.Item>
                </Card>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ title: '', image: null, content: '' })}
            >
              {t('contents.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Box>
  );
};

/** SEO: title, image, description, keywords added with Enter, keyword-to-link tags. */
export const SeoBox = ({ title }: { title: string }) => {
  const { t } = useTranslation('posts');
  return (
    <Box title={title}>
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
      <Form.List name={['seo', 'links']}>
        {(items, { add, remove, move }) => (
          <Form.Item label={t('seo.links')}>
            {items.map((item, index) => {
              const label = t('seo.link', { n: index + 1 });
              return (
                <Flex key={item.key} gap={8} align="start">
                  <Form.Item name={[item.name, 'name']} style={{ flex: 1 }}>
                    <Input
                      aria-label={`${label}: ${t('seo.linkName')}`}
                      placeholder={t('seo.linkName')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'url']} style={{ flex: 2 }}>
                    <Input aria-label={`${label}: ${t('seo.linkUrl')}`} placeholder="https://" />
                  </Form.Item>
                  <ItemButtons
                    index={index}
                    count={items.length}
                    move={move}
                    remove={remove}
                    label={label}
                  />
                </Flex>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })}>
              {t('seo.addLink')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
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
      <Form.List name={['product', 'agency_prices']}>
        {(items, { add, remove, move }) => (
          <Form.Item label={t('product.agencyPrices')}>
            {items.map((item, index) => {
              const label = t('product.agencyPrice', { n: index + 1 });
              return (
                <Flex key={item.key} gap={8} align="start">
                  <Form.Item name={[item.name, 'agency_id']} style={{ flex: 1 }}>
                    <Select
                      aria-label={`${label}: ${t('product.agency')}`}
                      options={agencies}
                      placeholder={t('product.agency')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'price']} style={{ flex: 1 }}>
                    <MoneyInput unit={unit} aria-label={`${label}: ${t('product.price')}`} />
                  </Form.Item>
                  <ItemButtons
                    index={index}
                    count={items.length}
                    move={move}
                    remove={remove}
                    label={label}
                  />
                </Flex>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => add({ agency_id: undefined, price: 0 })}>
              {t('product.addAgencyPrice')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
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
      <InputNumber
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
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['course', 'duration']} label={t('course.duration')}>
            <MinutesInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['course', 'students']} label={t('course.students')}>
            <InputNumber min={0} style={{ width: '100%' }} />
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
      <Form.List name={['course', 'chapters']}>
        {(chapters, { add, remove, move }) => (
          <>
            {chapters.map((chapter, index) => {
              const label = t('course.chapter', { n: index + 1 });
              return (
                <Card
                  key={chapter.key}
                  size="small"
                  type="inner"
                  title={label}
                  style={{ marginBottom: 12 }}
                  extra={
                    <ItemButtons
                      index={index}
                      count={chapters.length}
                      move={move}
                      remove={remove}
                      label={label}
                    />
                  }
                >
                  <Form.Item
                    name={[chapter.name, 'title']}
                    label={t('course.chapterTitle')}
                    required
                  >
                    <Input />
                  </Form.Item>
                  <Form.Item name={[chapter.name, 'image']} label={t('course.chapterImage')}>
                    <MediaField type="image" area="posts" />
                  </Form.Item>
                  <Form.Item
                    name={[chapter.name, 'description']}
                    label={t('course.chapterDescription')}
                  >
                    <Input.TextArea rows={2} />
                  </Form.Item>
                  <Form.List name={[chapter.name, 'lessons']}>
                    {(lessons, lessonOps) => (
                      <>
                        {lessons.map((lesson, lessonIndex) => {
                          const lessonLabel = `${label} · ${t('course.lesson', { n: lessonIndex + 1 })}`;
                          return (
                            <Card
                              key={lesson.key}
                              size="small"
                              title={lessonLabel}
                              style={{ marginBottom: 8 }}
                              extra={
                                <ItemButtons
                                  index={lessonIndex}
                                  count={lessons.length}
                                  move={lessonOps.move}
                                  remove={lessonOps.remove}
                                  label={lessonLabel}
                                />
                              }
                            >
                              <Row gutter={8}>
                                <Col xs={24} md={12}>
                                  <Form.Item
                                    name={[lesson.name, 'title']}
                                    label={t('course.lessonTitle')}
                                    required
                                  >
                                    <Input />
                                  </Form.Item>
                                </Col>
                                <Col xs={24} md={12}>
                                  <Form.Item
                                    name={[lesson.name, 'link']}
                                    label={t('course.lessonLink')}
                                  >
                                    <Input placeholder="https://" />
                                  </Form.Item>
                                </Col>
                                <Col xs={24} md={12}>
                                  <Form.Item
                                    name={[lesson.name, 'duration']}
                                    label={t('course.lessonMinutes')}
                                  >
                                    <MinutesInput />
                                  </Form.Item>
                                </Col>
                                <Col xs={24} md={12}>
                                  <Form.Item
                                    name={[lesson.name, 'highlight']}
                                    label={t('course.highlight')}
                                    valuePropName="checked"
                                  >
                                    <Switch />
                                  </Form.Item>
                                </Col>
                              </Row>
                              <Form.Item
                                name={[lesson.name, 'description']}
                                label={t('course.lessonDescription')}
                              >
                                <Input.TextArea rows={2} />
                              </Form.Item>
                            </Card>
                          );
                        })}
                        <Button
                          icon={<PlusOutlined />}
                          onClick={() =>
                            lessonOps.add({
                              title: '',
                              link: '',
                              duration: null,
                              highlight: false,
                              description: '',
                            })
                          }
                        >
                          {t('course.addLesson')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Card>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ title: '', image: null, description: '', lessons: [] })}
            >
              {t('course.addChapter')}
            </Button>
          </>
        )}
      </Form.List>
    </Box>
  );
};
