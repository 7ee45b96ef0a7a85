export { TrainingRegistrationForm } from './components/training-registration-form';
export type { TrainingVariant } from './api/submit-training-registration';
