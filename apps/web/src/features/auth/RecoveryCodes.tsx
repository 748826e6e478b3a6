import { Button, Code, List, Stack, Text } from '@mantine/core';

/** Recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Stack gap="sm" aria-label="Recovery codes" role="region">
      <Text size="sm">
        Save these recovery codes somewhere safe. Each one signs you in once in place of a code from your app, if you lose your phone.
        They are shown only now.
      </Text>
      <List listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code>{code}</Code>
          </List.Item>
        ))}
      </List>
      <Button onClick={onDone}>I Have Saved Them</Button>
    </Stack>
  );
}
