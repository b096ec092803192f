import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { SourceFormat } from '../model/invoice-source';

/**
 * CodeMirror with the JSON or XML language. Loaded lazily by the source tab: the editor and its
 * languages weigh a few hundred KB that no other screen needs.
 */
export default function SourceCodeEditor({
  format,
  value,
  onChange,
  label,
}: {
  format: SourceFormat;
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const extensions = useMemo(() => [format === 'xml' ? xml() : json()], [format]);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height="420px"
      aria-label={label}
      basicSetup={{ lineNumbers: true, foldGutter: true }}
    />
  );
}
