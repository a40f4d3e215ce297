sched_get_priority_max 5 1
