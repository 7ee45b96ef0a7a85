export { useSumQuestion, type SumQuestionState } from './use-sum-question';
export { SumQuestionField, SUM_ANSWER_FIELD } from './sum-question-field';
