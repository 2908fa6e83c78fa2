import { useRef, type FormEvent } from 'react';
import { FAMILY_LIMITS, FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { Field, FieldFrame, FormActions, formValues, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';
import { localDay } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { addChild, updateChild, type ChildInput, type FamilyMember } from '#web/lib/family-api.ts';

type Props = { child?: FamilyMember | null; onSaved: (child: FamilyMember, message: string) => void; onCancel: () => void };

/** The emergency contact's fields, each holding one part of the child's contact. */
const CONTACT_FIELDS = [
  { part: 'name', name: 'contactName', label: 'Name', autoComplete: 'off', maxLength: 80 },
  { part: 'phone', name: 'contactPhone', label: 'Phone', type: 'tel', autoComplete: 'off', maxLength: 40 },
  { part: 'relationship', name: 'contactRelationship', label: 'Relationship to the child', maxLength: FAMILY_LIMITS.relationshipMax },
] as const;

/** The form's fields in the API's shape. A new child gets a contact only when one is filled; an edit always sends it, so emptied fields clear it. */
function inputOf(v: Record<string, string>, editing: boolean): ChildInput {
  const t = (k: string) => (v[k] ?? '').trim();
  const contact = { name: t('contactName'), phone: t('contactPhone'), relationship: t('contactRelationship') };
  return {
    firstName: t('firstName'),
    lastName: t('lastName'),
    dateOfBirth: t('dateOfBirth'),
    grade: t('grade'),
    medicalNotes: t('medicalNotes'),
    ...(editing || contact.name || contact.phone ? { emergencyContact: contact } : {}),
  };
}

function problems(input: ChildInput, today: string): Errors {
  const found: Errors = {};
  if (!input.firstName) found.firstName = 'First name is required';
  if (!input.lastName) found.lastName = 'Last name is required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.dateOfBirth) || input.dateOfBirth >= today) found.dateOfBirth = FAMILY_MESSAGES.dateOfBirthInvalid;
  const contact = input.emergencyContact;
  if (contact && (contact.name || contact.relationship) && !contact.phone)
    found.contactPhone = 'Add a phone number for the emergency contact';
  return found;
}

/** Adds a child to the guardian's family, or edits one: name, date of birth, grade, emergency contact, medical notes. */
export function ChildForm({ child = null, onSaved, onCancel }: Props) {
  const form = useForm();
  const ref = useRef<HTMLFormElement>(null);
  const today = localDay(new Date(), useSchoolZone());
  const heading = child ? `Edit ${child.name}` : 'Add a child';

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const input = inputOf(formValues(el), !!child);
    void form.submit(el, problems(input, today), async () => {
      const body = child ? await updateChild(child._id, input) : await addChild(input);
      const saved = body.data!;
      onSaved(saved, body.message ?? (child ? `Saved: ${saved.name}.` : `${saved.name} was added to your family.`));
    });
  }

  const contact = child?.emergencyContact;
  return (
    <HeadedForm
      ref={ref}
      headingId={`${form.id}-title`}
      title={heading}
      busy={form.busy}
      alert={form.alert}
      className="form family-form card"
      onSubmit={onSubmit}
      data-ready={form.readyAttr}
    >
      <div className="form-grid">
        <Field {...form.field('firstName')} label="First name" autoComplete="off" maxLength={80} defaultValue={child?.firstName ?? ''} />
        <Field {...form.field('lastName')} label="Last name" autoComplete="off" maxLength={80} defaultValue={child?.lastName ?? ''} />
        <Field {...form.field('dateOfBirth')} label="Date of birth" type="date" max={today} defaultValue={child?.dateOfBirth ?? ''} />
        <Field
          {...form.field('grade')}
          label="Grade or belt"
          optional
          hint="School grade or current belt, as the instructors should know it."
          maxLength={60}
          defaultValue={child?.grade ?? ''}
        />
      </div>
      <FieldFrame id={`${form.id}-contact`} label="Emergency contact" optional as="legend" wide>
        <div className="form-grid">
          {CONTACT_FIELDS.map(({ part, name, ...attrs }) => (
            <Field key={name} {...form.field(name)} {...attrs} optional defaultValue={contact?.[part] ?? ''} />
          ))}
        </div>
      </FieldFrame>
      <Field
        {...form.field('medicalNotes')}
        label="Medical notes"
        optional
        wide
        rows={4}
        maxLength={FAMILY_LIMITS.notesMax}
        hint="Allergies, conditions, medication the instructors should know about. Only you, the child’s other guardians and the school’s staff see the date of birth and these notes."
        defaultValue={child?.medicalNotes ?? ''}
      />
      <FormActions busy={form.busy} label={child ? 'Save' : 'Add child'} busyLabel="Saving…" onCancel={onCancel} />
    </HeadedForm>
  );
}
