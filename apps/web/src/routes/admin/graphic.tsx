import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../lib/site-settings';
import { usePageTitle } from '../../features/common/usePageTitle';
import { GraphicGenerator } from '../../features/graphic/GraphicGenerator';

function GraphicPage() {
  usePageTitle(pageTitle('Graphic Generator'));
  return (
    <Container size="xl" py="lg">
      <GraphicGenerator titleOrder={1} />
    </Container>
  );
}

/** /admin/graphic: the generator on its own page (protected by the /admin layout route). */
export const Route = createFileRoute('/admin/graphic')({
  component: GraphicPage,
});
