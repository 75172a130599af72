"""The dbt package."""
