import '@mantine/tiptap/styles.css';
import '@mantine/core/styles/Typography.css';

import { useLingui } from '@lingui/react/macro';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

interface RichTextInputProps {
  label: string;
  description?: string;
  /** Initial HTML; the editor is uncontrolled after mount. */
  defaultValue?: string;
  /** Called with the HTML, or '' when the editor is empty. */
  onChange: (html: string) => void;
  error?: React.ReactNode;
  /** The language of the text typed in, when it is not the interface's (spelling, screen readers). */
  lang?: string;
}

/** A labelled rich text field (bold, italic, lists, links) that produces HTML. */
export function RichTextInput({ label, description, defaultValue = '', onChange, error, lang }: RichTextInputProps) {
  const { t } = useLingui();
  const id = useId();
  const labelId = `${id}-label`;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: defaultValue,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        role: 'textbox',
        'aria-multiline': 'true',
        id,
        ...(lang ? { lang } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={id}
      description={description}
      error={error}
      styles={{ label: { display: 'block' } }}
      labelProps={{ id: labelId }}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        labels={{
          boldControlLabel: t`Bold`,
          italicControlLabel: t`Italic`,
          bulletListControlLabel: t`Bulleted list`,
          orderedListControlLabel: t`Numbered list`,
          linkControlLabel: t`Link`,
          unlinkControlLabel: t`Remove link`,
          linkEditorInputLabel: t`Link address`,
          linkEditorInputPlaceholder: 'https://example.com',
          linkEditorExternalLink: t`Open link in a new tab`,
          linkEditorInternalLink: t`Open link in the same tab`,
          linkEditorSave: t`Save`,
          h2ControlLabel: t`Heading`,
          h3ControlLabel: t`Subheading`,
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
