import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTranslate } from 'react-admin';

// The editor module, loaded on demand by LazyRichText. Its toolbar is react-admin's, except for the
// paragraph/heading choice: ra-input-rich-text draws that one as a list item outside any list (an
// accessibility error), so here it is a plain menu button.

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

export default function RichTextEditor(props: RichTextInputProps) {
  return (
    <RichTextInput
      toolbar={
        <RichTextInputToolbar>
          <HeadingMenu />
          <FormatButtons />
          <ColorButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <ImageButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
      {...props}
    />
  );
}
