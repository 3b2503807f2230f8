import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert, Button, Flex, Input, Modal, Tooltip, theme } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import { Component, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerModal } from './media-picker/media-picker-modal';
import './rich-text-editor.css';

export type RichTextEditorProps = {
  value?: string | null;
  onChange?: (html: string) => void;
  id?: string;
  /** The accessible name of the editing area. */
  label: string;
};

const EMPTY = '<p></p>';

const Editor = ({ value, onChange, id, label }: RichTextEditorProps) => {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const [picking, setPicking] = useState(false);
  const [linking, setLinking] = useState<string | null>(null);
  // Inside a disabled form (a post opened by someone who may read it only) the text is read-only.
  const disabled = useContext(DisabledContext);
  const editor = useEditor({
    editable: !disabled,
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
      Image.configure({ inline: false }),
    ],
    content: value || '',
    editorProps: {
      attributes: {
        id: id ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rich-text-area',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange?.(html === EMPTY ? '' : html);
    },
    immediatelyRender: true,
  });

  // A value set from outside (a restored draft, a reload) replaces what the editor shows.
  useEffect(() => {
    // a remount can hand this effect an editor already torn down, which throws when read
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if ((value || '') !== (current === EMPTY ? '' : current))
      editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const button = (key: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={t(`richText.${key}`)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`richText.${key}`)}
        aria-pressed={active}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  return (
    <div
      style={{
        // a grid or flex parent would otherwise grow to the content's widest picture
        minWidth: 0,
        maxWidth: '100%',
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <Flex
        gap={2}
        wrap
        role="toolbar"
        aria-label={t('richText.toolbar')}
        style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {button('bold', <BoldOutlined />, editor.isActive('bold'), () =>
          chain().toggleBold().run(),
        )}
        {button('italic', <ItalicOutlined />, editor.isActive('italic'), () =>
          chain().toggleItalic().run(),
        )}
        <Tooltip title={t('richText.heading')}>
          <Button
            size="small"
            type={editor.isActive('heading', { level: 2 }) ? 'primary' : 'text'}
            aria-label={t('richText.heading')}
            aria-pressed={editor.isActive('heading', { level: 2 })}
            onClick={() => chain().toggleHeading({ level: 2 }).run()}
          >
            H2
          </Button>
        </Tooltip>
        {button('bulletList', <UnorderedListOutlined />, editor.isActive('bulletList'), () =>
          chain().toggleBulletList().run(),
        )}
        {button('orderedList', <OrderedListOutlined />, editor.isActive('orderedList'), () =>
          chain().toggleOrderedList().run(),
        )}
        {button('link', <LinkOutlined />, editor.isActive('link'), () =>
          setLinking((editor.getAttributes('link').href as string | undefined) ?? ''),
        )}
        {button('image', <PictureOutlined />, false, () => setPicking(true))}
      </Flex>
      <EditorContent editor={editor} style={{ padding: '4px 11px', minHeight: 160 }} />
      <MediaPickerModal
        open={picking}
        type="image"
        area="posts"
        onClose={() => setPicking(false)}
        onSelect={(items) => {
          setPicking(false);
          for (const item of items)
            chain()
              .setImage({ src: item.url, alt: item.name ?? '' })
              .run();
        }}
      />
      <Modal
        open={linking !== null}
        title={t('richText.link')}
        okText={t('richText.applyLink')}
        onCancel={() => setLinking(null)}
        onOk={() => {
          const href = (linking ?? '').trim();
          if (!href) chain().extendMarkRange('link').unsetLink().run();
          else if (/^(https?:\/\/|\/|mailto:)/i.test(href))
            chain().extendMarkRange('link').setLink({ href }).run();
          setLinking(null);
        }}
        destroyOnHidden
      >
        <Input
          aria-label={t('richText.linkUrl')}
          placeholder="https://"
          value={linking ?? ''}
          onChange={(event) => setLinking(event.target.value)}
        />
      </Modal>
    </div>
  );
};

type BoundaryProps = { fallback: (error: Error) => ReactNode; children: ReactNode };

class EditorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Rich text through TipTap (ProseMirror), with images from the media picker. Should the editor
 * fail to start, it says so and offers the HTML as plain text, so nothing typed is lost. The
 * server sanitizes whatever arrives.
 */
export const RichTextEditor = (props: RichTextEditorProps) => {
  const { t } = useTranslation('common');
  return (
    <EditorBoundary
      fallback={() => (
        <Flex vertical gap={8}>
          <Alert type="error" showIcon role="alert" title={t('richText.failed')} />
          <Input.TextArea
            id={props.id}
            aria-label={props.label}
            rows={8}
            value={props.value ?? ''}
            onChange={(event) => props.onChange?.(event.target.value)}
          />
        </Flex>
      )}
    >
      <Editor {...props} />
    </EditorBoundary>
  );
};
