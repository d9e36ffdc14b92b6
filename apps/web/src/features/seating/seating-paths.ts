/** The organizer's seating plans, and one plan. */
export const seatingPlansPath = (organizerId: number) => `/manage/organizer/${organizerId}/seating-plans`;
export const seatingPlanPath = (organizerId: number, planId: number) => `${seatingPlansPath(organizerId)}/${planId}`;
export const seatingPlanEditorPath = (organizerId: number, planId: number) =>
  `${seatingPlanPath(organizerId, planId)}/edit`;
