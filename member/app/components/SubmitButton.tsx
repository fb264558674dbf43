// Moved to ~/ui/SubmitButton; this path stays for the pages that still import it from here.
export { SubmitButton } from '~/ui/SubmitButton';
