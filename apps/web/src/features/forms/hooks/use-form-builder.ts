import type { TFormDetail, TFormField, TFormFieldType } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { presentApiErrorLater } from "@/lib/present-error-later";
import { toast } from "@/lib/toast";
import { createForm, formKeys, setFormPublished, updateForm } from "../api";
import {
  draftForSave,
  draftFromDetail,
  emptyDraft,
  insertField,
  moveItem,
  newField,
  type TFormDraft,
} from "../lib/draft";
import { FORM_LIST_MESSAGES } from "../lib/messages";

/** Names builder fields by their label ("Field "Pick one", option 3") rather than their position. */
function builderLabels(draft: TFormDraft) {
  return (path: ReadonlyArray<PropertyKey>) => {
    if (path.length !== 2 || path[0] !== "fields") return undefined;
    const field = draft.fields[Number(path[1])];
    return field?.label.trim() ? `Field "${field.label.trim()}"` : undefined;
  };
}

/** Navigation state of the move from /new to the saved form's address: not a leave with unsaved changes. */
export const SAVED_STATE = { builderSaved: true } as const;

/** The builder's working copy of a form and its save/publish actions. */
export function useFormBuilder(initial: TFormDetail | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TFormDraft>(() => (initial ? draftFromDetail(initial) : emptyDraft()));
  const [saved, setSaved] = useState<TFormDetail | null>(initial);
  const [dirty, setDirty] = useState(initial === null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const change = (patch: Partial<TFormDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const setFields = (update: (fields: TFormField[]) => TFormField[]) => {
    setDraft((d) => ({ ...d, fields: update(d.fields) }));
    setDirty(true);
  };

  const fieldActions = {
    add(type: TFormFieldType) {
      const field = newField(type);
      setFields((fields) => insertField(fields, field, selectedId));
      setSelectedId(field.id);
    },
    update: (id: string, patch: Partial<TFormField>) =>
      setFields((fields) => fields.map((f) => (f.id === id ? { ...f, ...patch } : f))),
    move: (from: number, to: number) => setFields((fields) => moveItem(fields, from, to)),
    remove(id: string) {
      setFields((fields) => fields.filter((f) => f.id !== id));
      if (selectedId === id) setSelectedId(null);
    },
  };

  const afterSave = (form: TFormDetail) => {
    setSaved(form);
    setDirty(false);
    queryClient.setQueryData(formKeys.detail(form.id), form);
    void queryClient.invalidateQueries({ queryKey: formKeys.list() });
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
  };

  const save = useMutation({
    mutationFn: async (): Promise<TFormDetail> =>
      saved ? updateForm(saved.id, draftForSave(draft)) : createForm(draftForSave(draft)),
    onSuccess: (form) => {
      const created = !saved;
      afterSave(form);
      toast.success("Form saved");
      if (created) navigate(`/dashboard/forms/${form.id}`, { replace: true, state: SAVED_STATE });
    },
    onError: async (error) => {
      const presented = await presentApiErrorLater(error, { labels: builderLabels(draft) });
      toast.error("The form was not saved", { description: presented.message });
    },
  });

  const publish = useMutation({
    mutationFn: async (next: boolean) => {
      let form = saved;
      const created = !form;
      if (!form || dirty) {
        form = saved
          ? await updateForm(saved.id, draftForSave(draft))
          : await createForm(draftForSave(draft));
        afterSave(form);
      }
      const result = await setFormPublished(form.id, next);
      return { form: { ...form, status: result.status }, created };
    },
    onSuccess: ({ form, created }) => {
      setSaved(form);
      queryClient.setQueryData(formKeys.detail(form.id), form);
      void queryClient.invalidateQueries({ queryKey: formKeys.list() });
      toast.success(
        form.status === "published" ? FORM_LIST_MESSAGES.PUBLISHED : FORM_LIST_MESSAGES.UNPUBLISHED,
      );
      if (created) navigate(`/dashboard/forms/${form.id}`, { replace: true, state: SAVED_STATE });
    },
    onError: async (error) =>
      toast.error(FORM_LIST_MESSAGES.STATUS_FAILED, {
        description: (await presentApiErrorLater(error, { labels: builderLabels(draft) })).message,
      }),
  });

  return { draft, saved, dirty, change, selectedId, setSelectedId, fieldActions, save, publish };
}
