import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';

/**
 * A failed load shown as an alert box with a title (the live-matches widget, the jobs list).
 * A module of its own, so the home page loads Mantine's Alert only when a widget fails.
 */
export default function ErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      {message}
    </Alert>
  );
}
