import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ImageIcon from '@mui/icons-material/Image';
import { Button, Menu, MenuItem, ToggleButton } from '@mui/material';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { useEffect, useId, useMemo, useReducer, useState } from 'react';
import { useTranslate } from 'react-admin';
import { MediaLibrary } from '../media/MediaLibrary';

// The editor module, loaded on demand by LazyRichText. Its toolbar is react-admin's, except for the
// paragraph/heading choice (ra-input-rich-text draws that one as a list item outside any list, an
// accessibility error, so here it is a plain menu button) and the image button, which opens the
// media library instead of asking for an address.

const levels = [
  { key: 'paragraph', level: 0 },
  { key: 'heading1', level: 1 },
  { key: 'heading2', level: 2 },
  { key: 'heading3', level: 3 },
  { key: 'heading4', level: 4 },
] as const;

function HeadingMenu() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const menuId = useId();
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', rerender);
    return () => void editor.off('transaction', rerender);
  }, [editor]);
  const current =
    levels.find((l) =>
      l.level === 0 ? editor?.isActive('paragraph') : editor?.isActive('heading', { level: l.level }),
    ) ?? levels[0];
  const choose = (level: number) => {
    setAnchor(null);
    const chain = editor.chain().focus();
    if (level === 0) chain.setNode('paragraph').run();
    else chain.setNode('heading', { level }).run();
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`${translate('ra.tiptap.select_level')}: ${translate(`ra.tiptap.${current.key}`)}`}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 120, justifyContent: 'space-between' }}
      >
        {translate(`ra.tiptap.${current.key}`)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {levels.map((l) => (
          <MenuItem key={l.key} selected={l === current} onClick={() => choose(l.level)}>
            {translate(`ra.tiptap.${l.key}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Puts pictures chosen in the media library (pick or upload) into the text, with their alt text. */
function LibraryImageButton() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const [open, setOpen] = useState(false);
  const label = translate('app.media.insert_image');
  return (
    <>
      <ToggleButton
        value="image"
        aria-label={label}
        title={label}
        disabled={!editor?.isEditable}
        onClick={() => setOpen(true)}
      >
        <ImageIcon fontSize="inherit" />
      </ToggleButton>
      <MediaLibrary
        open={open}
        mode="image"
        limit={10}
        onClose={() => setOpen(false)}
        onChoose={(files) => {
          setOpen(false);
          const chain = editor.chain().focus();
          for (const f of files) chain.insertContent({ type: 'image', attrs: { src: f.path, alt: f.alt || null } });
          chain.run();
        }}
      />
    </>
  );
}

export interface RichTextEditorProps extends RichTextInputProps {
  /** The language the field is written in: its text runs right-to-left for Arabic, whatever the interface's language. */
  lang: 'ar' | 'en';
  /** A long document (a policy): a taller writing area. */
  tall?: boolean;
}

export default function RichTextEditor({ lang, tall, sx, ...props }: RichTextEditorProps) {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const editorOptions = useMemo(
    () => ({ ...DefaultEditorOptions, editorProps: { attributes: { lang, dir } } }),
    [lang, dir],
  );
  return (
    <RichTextInput
      editorOptions={editorOptions}
      sx={{
        '& .ProseMirror': { minHeight: tall ? 480 : 200, textAlign: 'start' },
        ...(sx as object),
      }}
      toolbar={
        <RichTextInputToolbar>
          <HeadingMenu />
          <FormatButtons />
          <ColorButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <LibraryImageButton />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
      {...props}
    />
  );
}
