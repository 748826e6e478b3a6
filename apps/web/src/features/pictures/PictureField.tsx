import type { ImageKind } from '@campus-elo/domain';
import { Button, FileButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { EntityImage } from '../common/EntityImage';
import { COMPRESSION_FAILED_MESSAGE, compressPicture, readAsDataUrl } from './compress-picture';

interface PictureFieldProps {
  kind: ImageKind;
  /** What is shown: the new picture's data URL, or the stored picture's URL. */
  value: string | undefined;
  /** Called with the compressed picture as a data URL. */
  onChange(dataUrl: string): void;
  error?: string | undefined;
  /** Names the picture for assistive technology ('Team picture'). */
  label: string;
}

/**
 * The picture control of the edit forms: a preview and a button reading 'Change Picture'
 * when there is a picture, 'Upload Picture' when there is none. The chosen file is
 * compressed in the browser before it goes anywhere.
 */
export function PictureField({ kind, value, onChange, error, label }: PictureFieldProps) {
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await readAsDataUrl(await compressPicture(file)));
    } catch {
      window.alert(COMPRESSION_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Group gap="md" align="center">
        <EntityImage kind={kind} src={value} size={96} alt={label} />
        <FileButton onChange={(file) => void choose(file)} accept="image/*">
          {(props) => (
            <Button variant="light" loading={busy} {...props}>
              {value ? 'Change Picture' : 'Upload Picture'}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text c="var(--app-error-text)" size="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
