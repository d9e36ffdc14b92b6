import { type CSSProperties, type ReactNode, useState } from 'react';

import classes from './FileDrop.module.css';

/** "choose a file" inside a drop zone's sentence, styled as the link it acts as. */
export function ChooseFile({ children }: { children: ReactNode }) {
  return <span className={classes.choose}>{children}</span>;
}

/**
 * A zone to drop a file on, which is also the label of a visually hidden file input (the keyboard reaches the
 * picker through it). Each file chosen or dropped goes to `onFile`; the input is emptied so the same file can be
 * chosen again. `ringInside` keeps the focus ring within the zone (in a dialog).
 */
export function FileDrop({
  accept,
  label,
  describedBy,
  invalid,
  disabled,
  autoFocus,
  ringInside,
  onFile,
  children,
}: {
  accept: string;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  ringInside?: boolean;
  onFile: (file: File | undefined) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      className={classes.drop}
      style={ringInside ? ({ '--file-drop-ring-offset': '-2px' } as CSSProperties) : undefined}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFile(e.dataTransfer.files[0]);
      }}
    >
      <input
        type="file"
        accept={accept}
        className={classes.input}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        data-autofocus={autoFocus || undefined}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          onFile(file);
        }}
      />
      {children}
    </label>
  );
}
