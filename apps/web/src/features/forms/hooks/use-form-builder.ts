import type { TFormDetail, TFormField, TFormFieldType } from "@leadpost/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { createForm, formKeys, setFormPublished, updateForm } from "../api";
import { draftFromDetail, emptyDraft, moveItem, newField, type TFormDraft } from "../lib/draft";
import { FORM_LIST_MESSAGES } from "../lib/messages";

function errorDetail(error: Error & { fields?: Record<string, string[]> }) {
  const first = error.fields ? Object.entries(error.fields)[0] : undefined;
  return first ? `${first[0]}: ${first[1][0]}` : undefined;
}

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
      setFields((fields) => {
        const at = fields.findIndex((f) => f.id === selectedId);
        return at < 0 ? [...fields, field] : [...fields.slice(0, at + 1), field, ...fields.slice(at + 1)];
      });
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
    mutationFn: async (): Promise<TFormDetail> => (saved ? updateForm(saved.id, draft) : createForm(draft)),
    onSuccess: (form) => {
      const created = !saved;
      afterSave(form);
      toast.success("Form saved");
      if (created) navigate(`/dashboard/forms/${form.id}`, { replace: true });
    },
    onError: (error) => toast.error(error.message, { description: errorDetail(error) }),
  });

  const publish = useMutation({
    mutationFn: async (next: boolean) => {
      let form = saved;
      const created = !form;
      if (!form || dirty) {
        form = saved ? await updateForm(saved.id, draft) : await createForm(draft);
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
      if (created) navigate(`/dashboard/forms/${form.id}`, { replace: true });
    },
    onError: (error) =>
      toast.error(FORM_LIST_MESSAGES.STATUS_FAILED, { description: error.message || errorDetail(error) }),
  });

  return { draft, saved, dirty, change, selectedId, setSelectedId, fieldActions, save, publish };
}
