/**
 * The Mantine stylesheets only the staff screens (sign-in, the admin panel, the graphic
 * generator) use, imported by their entry components (AdminGuard, SignInPage) so they load
 * with them and not on the public pages, where CSS blocks the first paint. They come after
 * mantine-styles.ts, as each builds on what is there. mantine-styles.test.ts keeps both
 * lists complete.
 */
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Stepper.css';
