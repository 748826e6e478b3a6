/**
 * Mantine's stylesheets in the first load: one per component the layout and the home page
 * use, instead of the whole styles.css. Every other screen imports the stylesheets of the
 * components it adds itself (the staff screens through mantine-staff-styles.ts), so they load
 * with its chunk and after these (docs/decisions/0068); mantine-styles.test.ts lists what is
 * missing when a screen starts using another component. Global styles first, then the shared
 * building blocks, so each component's rules come after those it builds on. Mantine's
 * default-css-variables.css is left out: MantineProvider writes every variable (main.tsx).
 */import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
// Anchor is built on Text: Text's rules first, or its 'text-decoration: none' wins over Anchor's underline.
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Title.css';
