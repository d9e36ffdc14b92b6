import { type EditBuyerBody, editBuyerBody, type OrderDetailDto, type QuestionDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { FormActions, FormStack } from '../../../components/FormActions';
import { ListBody } from '../../../components/ListBody';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useQuestions } from '../../questions/api/questions';
import { answersChanged, type AnswerValues, answerValues, askedQuestions } from '../answer-values';
import { useEditBuyer } from '../api/orders';
import { AnswerFields } from './AnswerFields';
import { PersonFields } from './PersonFields';

interface BuyerValues {
  first_name: string;
  last_name: string;
  email: string;
  answers: AnswerValues;
}

interface EditBuyerFormProps {
  eventId: number;
  order: OrderDetailDto;
  onDone: () => void;
}

function BuyerForm({ eventId, order, questions, onDone }: EditBuyerFormProps & { questions: QuestionDto[] }) {
  const { t } = useLingui();
  const save = useEditBuyer(eventId, order.id);
  const [initialAnswers] = useState(() =>
    answerValues(
      questions,
      order.answers.filter((a) => a.attendee_id === null),
    ),
  );
  const toBody = (values: BuyerValues): EditBuyerBody => ({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    // Answers are replaced as a whole and required ones checked: send them only when one changed.
    ...(answersChanged(initialAnswers, values.answers) ? { answers: values.answers } : {}),
  });
  const validate = useSchemaValidation<BuyerValues>(editBuyerBody, toBody);
  const form = useForm<BuyerValues>({
    initialValues: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
      answers: initialAnswers,
    },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const submit = (values: BuyerValues) =>
    save.mutate(
      toBody(values),
      formError.handle(() => {
        notifications.show({ color: 'teal', message: t`Buyer details saved.` });
        onDone();
      }),
    );
  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <PersonFields inputProps={form.getInputProps} />
      <AnswerFields questions={questions} form={form} />
      <FormActions onCancel={onDone} loading={save.isPending}>
        <Trans>Save changes</Trans>
      </FormActions>
    </FormStack>
  );
}

/** The buyer's name, e-mail address (where confirmations go) and answers to the order questions. */
export function EditBuyerForm(props: EditBuyerFormProps) {
  const questions = useQuestions(props.eventId);
  return (
    <ListBody queries={[questions]}>
      {(list) => <BuyerForm {...props} questions={askedQuestions(list.data, { order: true })} />}
    </ListBody>
  );
}
