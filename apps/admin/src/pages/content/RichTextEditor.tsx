import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ImageUpload } from '../../components/ImageUpload.tsx';

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Names the editing area for screen readers, e.g. "Body (French)". */
  label: string;
  testId: string;
}

/**
 * A rich-text field of a back-office form (Tiptap): the marks and blocks the server's allow-list
 * keeps, and images uploaded like any other. An empty document is the empty string, so that
 * language falls back to English. Used as a `Form.Item` child, which passes `value` and `onChange`.
 */
export function RichTextEditor({ value = '', onChange, label, testId }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true } }),
      Image,
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': testId,
        class: 'rich-text-area',
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });

  // The form resets or loads another item: the editor shows the new value, unless it wrote it itself.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkDraft, setLinkDraft] = useState('');
  const [imageOpen, setImageOpen] = useState(false);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (name: string, pressed: boolean | undefined, run: () => void, icon: ReactNode) => (
    <Tooltip title={name}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'default'}
        aria-label={name}
        aria-pressed={pressed}
        icon={icon}
        onClick={run}
      />
    </Tooltip>
  );
  const textTool = (name: string, pressed: boolean, run: () => void, text: string) => (
    <Button size="small" type={pressed ? 'primary' : 'default'} aria-label={name} aria-pressed={pressed} onClick={run}>
      {text}
    </Button>
  );

  const applyLink = () => {
    const href = linkDraft.trim();
    if (href) chain().extendMarkRange('link').setLink({ href }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  return (
    <div className="rich-text" data-testid={`${testId}-editor`}>
      <Space wrap size={4} role="toolbar" aria-label={`${label}: formatting`} style={{ marginBottom: 6 }}>
        {tool('Bold', active?.bold, () => chain().toggleBold().run(), <BoldOutlined />)}
        {tool('Italic', active?.italic, () => chain().toggleItalic().run(), <ItalicOutlined />)}
        {tool('Underline', active?.underline, () => chain().toggleUnderline().run(), <UnderlineOutlined />)}
        {tool('Strikethrough', active?.strike, () => chain().toggleStrike().run(), <StrikethroughOutlined />)}
        {textTool('Heading', active?.h2 ?? false, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {textTool('Subheading', active?.h3 ?? false, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {tool('Bulleted list', active?.bullet, () => chain().toggleBulletList().run(), <UnorderedListOutlined />)}
        {tool('Numbered list', active?.ordered, () => chain().toggleOrderedList().run(), <OrderedListOutlined />)}
        {textTool('Quote', active?.quote ?? false, () => chain().toggleBlockquote().run(), '“ ”')}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            setLinkOpen(open);
            if (open) setLinkDraft(editor.getAttributes('link').href ?? '');
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                autoFocus
                aria-label="Link address"
                placeholder="https://… or /pagesB/home/news"
                value={linkDraft}
                onChange={(event) => setLinkDraft(event.target.value)}
                onPressEnter={applyLink}
                style={{ width: 280 }}
              />
              <Button type="primary" onClick={applyLink}>
                {linkDraft.trim() ? 'Apply' : 'Remove'}
              </Button>
            </Space.Compact>
          }
        >
          <Tooltip title="Link">
            <Button
              size="small"
              type={active?.link ? 'primary' : 'default'}
              aria-label="Link"
              icon={<LinkOutlined />}
            />
          </Tooltip>
        </Popover>
        <Popover
          open={imageOpen}
          onOpenChange={setImageOpen}
          trigger="click"
          content={
            <ImageUpload
              label="Image in the text"
              data-testid={`${testId}-image`}
              onChange={(url) => {
                if (url) chain().setImage({ src: url }).run();
                setImageOpen(false);
              }}
            />
          }
        >
          <Tooltip title="Image">
            <Button size="small" aria-label="Image" icon={<PictureOutlined />} />
          </Tooltip>
        </Popover>
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
