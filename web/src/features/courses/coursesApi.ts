import { api } from '#shared/api/baseApi';
import type { Course, CourseCategory, CourseInput, CourseStats } from '#contract/courses';
import { courseListUrl, type CourseFilters } from './courseFilters';

/**
 * The spec's six course calls. The list is fetched on demand (load, Filter, Clear,
 * Refresh List, after each save or delete), so it carries no cache tags; the catalog refetches
 * whenever it is opened.
 */
export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCourses: build.query<Course[], CourseFilters>({
      query: courseListUrl,
    }),
    createCourse: build.mutation<Course, CourseInput>({
      query: (body) => ({ url: '/api/courses/create/', method: 'POST', body }),
    }),
    updateCourse: build.mutation<Course, CourseInput & { id: string }>({
      query: (body) => ({ url: `/api/courses/${encodeURIComponent(body.id)}/update/`, method: 'PUT', body }),
    }),
    deleteCourse: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/courses/${encodeURIComponent(id)}/delete/`, method: 'DELETE' }),
    }),
    getCourseCategories: build.query<CourseCategory[], void>({
      query: () => '/api/courses/categories/',
    }),
    getCourseStats: build.query<CourseStats, void>({
      query: () => '/api/courses/stats/',
    }),
  }),
});

export const { useLazyListCoursesQuery, useCreateCourseMutation, useUpdateCourseMutation, useDeleteCourseMutation, useGetCourseCategoriesQuery, useGetCourseStatsQuery } =
  coursesApi;
