import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '../../lib/error-message';
import { NoticeSlot, useConfirm, useNotice, type ConfirmOptions, type OutcomeColour } from '../admin-shell';

/** A result that is not plain green, or must stay until dismissed (it offers Undo, or lists failures). */
export interface ToolResult {
  kind: 'tool-result';
  message: ReactNode;
  /** outcomeColour's answer (admin-shell/outcome.ts): green only when nothing failed. */
  color?: OutcomeColour;
  sticky?: boolean;
}

export function toolResult(message: ReactNode, options: { color?: OutcomeColour; sticky?: boolean } = {}): ToolResult {
  return { kind: 'tool-result', message, ...options };
}

export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'tool-result';
}

interface ToolCardProps {
  title: string;
  description: ReactNode;
  /** The tool's inputs. */
  children?: ReactNode;
  buttonLabel: string;
  /** The confirmation, or how to make it when it needs the server first (a dry run's effect); a failure there shows as the tool's error. */
  confirm: ConfirmOptions | (() => Promise<ConfirmOptions>);
  /**
   * Runs the tool; answers what the success notice says (green, gone after 15 s), a
   * ToolResult, or null when `footer` reports instead (a background job).
   */
  run(): Promise<ReactNode | ToolResult>;
  /** This tool's error text (docs/product.md, texts). */
  errorText: string;
  /** Owners only: shown to admins, but not runnable. */
  ownerOnly?: boolean;
  canRun?: boolean;
  /** Below the notice: a background job's progress. */
  footer?: ReactNode;
}


/** One Control Panel action: inputs, a confirmation before it runs and its result notice (15 s). */
export function ToolCard({ title, description, children, buttonLabel, confirm, run, errorText, ownerOnly, canRun = true, footer }: ToolCardProps) {
  const askConfirmation = useConfirm();
  const { notice, show, clear } = useNotice();
  const [running, setRunning] = useState(false);

  async function start() {
    setRunning(true);
    clear();
    try {
      const options = typeof confirm === 'function' ? await confirm() : confirm;
      setRunning(false);
      if (!(await askConfirmation(options))) return;
      setRunning(true);
      const result = await run();
      if (result !== null) show(isToolResult(result) ? { color: result.color ?? 'green', message: result.message, sticky: result.sticky } : { color: 'green', message: result });
    } catch (error) {
      const reason = serverMessage(error);
      show({
        color: 'red',
        message: (
          <>
            {errorText}
            {reason && (
              <Text size="xs" mt={4}>
                {reason}
              </Text>
            )}
          </>
        ),
      });
    } finally {
      setRunning(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">
            {title}
          </Title>
          {ownerOnly && (
            <Badge variant="light" color="gray">
              Owner only
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
        <Group mt="auto">
          <Button onClick={() => void start()} loading={running} disabled={!canRun}>
            {buttonLabel}
          </Button>
        </Group>
        <NoticeSlot notice={notice} onClose={clear} />
        {footer}
      </Stack>
    </Card>
  );
}
