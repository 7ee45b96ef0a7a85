export { TrainingRegistrationForm } from './components/training-registration-form';
